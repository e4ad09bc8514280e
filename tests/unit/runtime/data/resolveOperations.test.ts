import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRoute, resolveOperations } from '../../../../runtime/data/resolveOperations';
import type { ModelFile } from '../../../../runtime/model/types';
import { resolveOperations as serverResolveOperations } from '../../../../server/engine/loadModules';
import { positionModel, sampleModel } from './support/dialectModels';

/** Every *.model.json under the folders the server loads modules from (and test modules). */
function modelFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return modelFiles(full);
    return entry.name.endsWith('.model.json') ? [full] : [];
  });
}

const SHIPPED = ['schemas', 'tests/fixtures/modules'].flatMap((root) => modelFiles(path.resolve(process.cwd(), root)));

const INLINE: ModelFile[] = [
  sampleModel,
  { ...sampleModel, id: 'lab.noState', api: { dialect: 'jeecg', base: '/admin/noState' } },
  {
    ...sampleModel,
    id: 'lab.certificate',
    api: {
      dialect: 'jeecg',
      base: '/admin/certificatePersonal',
      state: { field: 'status' },
      operations: { list: 'GET /admin/certificatePersonal/select', delete: 'GET /admin/certificatePersonal/delete', deleteBatch: false, state: 'POST /admin/certificatePersonal/toggle' },
    },
  },
  { ...positionModel, id: 'system.positionNoBatch', api: { ...positionModel.api, operations: { deleteBatch: false, get: 'GET /api/permission/Position/Info/{id}' } } },
  { ...positionModel, id: 'system.positionStateOverride', api: { dialect: 'api', base: '/api/permission/Position', operations: { state: 'PUT /api/permission/Position/{id}/Actions/State' } } },
];

describe('resolveOperations mirrors the server', () => {
  it('finds the shipped models', () => {
    expect(SHIPPED.length).toBeGreaterThan(0);
  });

  it.each(SHIPPED.map((file) => [path.relative(process.cwd(), file), file]))('%s', (_name, file) => {
    const model = JSON.parse(fs.readFileSync(file, 'utf8')) as ModelFile;
    expect(resolveOperations(model)).toEqual(serverResolveOperations(model));
  });

  it.each(INLINE.map((model) => [model.id, model] as const))('inline %s', (_id, model) => {
    expect(resolveOperations(model)).toEqual(serverResolveOperations(model));
  });
});

describe('parseRoute', () => {
  it('splits a route into method and path', () => {
    expect(parseRoute('PUT /api/x/{id}/Actions/State')).toEqual({ method: 'PUT', path: '/api/x/{id}/Actions/State' });
  });

  it('refuses something that is not a route', () => {
    expect(() => parseRoute('FETCH /x')).toThrow(/METHOD \/path/);
    expect(() => parseRoute('GET x')).toThrow(/METHOD \/path/);
  });
});
