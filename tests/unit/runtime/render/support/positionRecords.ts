import type { DataRecord, ListResult } from '../../../../../runtime/data/DataProvider';

export function positionRecord(n: number, overrides: Partial<DataRecord> = {}): DataRecord {
  return {
    id: `p${n}`,
    version: 3,
    fullName: `检测员${n}`,
    enCode: `tester.${n}`,
    organizeId: null,
    enabledMark: 1,
    enabledMark_dictText: '启用',
    sortCode: n,
    description: `说明${n}`,
    createTime: '2024-05-01 08:30:00',
    createBy: 'admin',
    tenantId: 1,
    ...overrides,
  };
}

export function page(records: DataRecord[], total = records.length): ListResult {
  return { records, total, page: 1, pageSize: 20 };
}
