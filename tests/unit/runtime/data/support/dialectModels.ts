import fs from 'node:fs';
import path from 'node:path';
import type { ModelFile } from '../../../../../runtime/model/types';

/** The api-dialect model we ship: system.position (schemas/system/models/position.model.json). */
export const positionModel = JSON.parse(fs.readFileSync(path.resolve(process.cwd(), 'schemas/system/models/position.model.json'), 'utf8')) as ModelFile;

/** A jeecg-dialect model in the style of the spec's /admin resources. */
export const sampleModel: ModelFile = {
  version: 17,
  id: 'lab.sample',
  title: '样品登记',
  entity: {
    table: 'lab_sample',
    fields: {
      sampleNo: { type: 'string', label: '样品编号', required: true, maxLength: 32, unique: true, keyword: true },
      sampleName: { type: 'string', label: '样品名称', required: true, maxLength: 50, keyword: true },
      status: { type: 'integer', label: '状态', enum: [0, 1], default: 1, dict: 'enabled_state' },
      quantity: { type: 'integer', label: '数量', minimum: 0 },
      receiveDate: { type: 'date', label: '收样日期' },
    },
  },
  api: { dialect: 'jeecg', base: '/admin/sample', state: { field: 'status', on: 1, off: 0 } },
  permissions: { prefix: 'lab:sample:' },
};

export type DialectName = 'jeecg' | 'api';

export interface TestDialect {
  name: DialectName;
  model: ModelFile;
}

/** The dialect contract suites loop over these (Kysely's DIALECTS). */
export const DIALECTS: TestDialect[] = [
  { name: 'jeecg', model: sampleModel },
  { name: 'api', model: positionModel },
];
