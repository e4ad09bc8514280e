import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../../../runtime/data/createDataProvider';
import { createReportDataProvider, reportQuery } from '../../../../runtime/data/report/createReportDataProvider';
import { createReportCache, REPORT_CACHE_MS } from '../../../../runtime/data/report/reportCache';
import type { ModelFile } from '../../../../runtime/model/types';
import { sampleModel } from './support/dialectModels';
import { createTestClient } from './support/testClient';

const ok = (result: unknown) => ({ body: { success: true, code: 200, message: '', result } });
const page = (records: Record<string, unknown>[], total = records.length, totals?: Record<string, unknown>) => ok({ total, records, ...(totals ? { totals } : {}) });
const query = (raw: string) => Object.fromEntries(new URLSearchParams(raw));

describe('the report data provider (getData / exportXls)', () => {
  it('sends parameters as self_*, search values as typed, ranges as _begin/_end, sort and page', async () => {
    const { http, server } = createTestClient({ responder: () => page([{ realname: '张三' }], 31, { staffCount: 31 }) });
    const provider = createReportDataProvider('labReports.certificatesExpiring', http, { params: { days: 60, empty: '' } });
    const result = await provider.list({
      page: 2,
      pageSize: 10,
      sort: { field: 'certificateValidity', order: 'desc' },
      filters: {
        realname: { op: 'like', value: '张' },
        certificateValidity: { op: 'range', from: '2026-01-01', to: '' },
      },
    });
    const [request] = server.requests;
    expect(request!.url).toBe('/online/cgreport/api/getData/labReports.certificatesExpiring');
    const { _t, ...sent } = query(request!.query);
    expect(_t).toMatch(/^\d+$/);
    expect(sent).toEqual({
      self_days: '60',
      realname: '张',
      certificateValidity_begin: '2026-01-01',
      column: 'certificateValidity',
      order: 'desc',
      pageNo: '2',
      pageSize: '10',
    });
    // rows without an id are numbered by their place in the whole result
    expect(result).toEqual({ records: [{ realname: '张三', id: 'row-11' }], total: 31, page: 2, pageSize: 10, totals: { staffCount: 31 } });
  });

  it('is the provider of every query model, and writes nothing', async () => {
    const { http, server } = createTestClient({ responder: () => page([{ id: 'u1', realname: '李四' }]) });
    const report = { ...sampleModel, id: 'lab.report', screen: { kind: 'query' } } as ModelFile;
    const provider = createDataProvider(report, http);
    expect((await provider.list({ page: 1, pageSize: 10 })).records).toEqual([{ id: 'u1', realname: '李四' }]);
    expect(server.requests[0]!.url).toBe('/online/cgreport/api/getData/lab.report');
    for (const write of [provider.create({}), provider.update('1', {}), provider.remove('1'), provider.removeMany(['1']), provider.get('1')]) {
      await expect(write).rejects.toMatchObject({ errorCode: 'CL_ERR_OPERATION_OFF' });
    }
    expect(server.requests).toHaveLength(1);
  });

  it('exports the same query without paging, as a file', async () => {
    const { http, server } = createTestClient({ responder: () => ({ body: new Blob(['PK-xlsx'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }) }) });
    const provider = createReportDataProvider('labReports.staffByTitle', http, { params: { year: 2026 } });
    const file = await provider.exportFile({ page: 3, pageSize: 10, filters: { orgCode: { op: 'eq', value: 'A01' } } });
    expect(file.size).toBe(7);
    const [request] = server.requests;
    expect(request!.url).toBe('/online/cgreport/api/exportXls/labReports.staffByTitle');
    expect(request!.responseType).toBe('blob');
    const { _t, ...sent } = query(request!.query);
    expect(sent).toEqual({ self_year: '2026', orgCode: 'A01' });
  });

  it('refuses an answer that is not a report page, naming the call', async () => {
    const { http } = createTestClient({ responder: () => ok({ rows: [] }) });
    await expect(createReportDataProvider('r.x', http).list({ page: 1, pageSize: 10 })).rejects.toMatchObject({ errorCode: 'CL_ERR_CONTRACT_PAYLOAD' });
  });

  it('keeps pages 30 s per group id, and only with one', async () => {
    let now = 1_000;
    const cache = createReportCache(() => now);
    const { http, server } = createTestClient({ responder: () => page([{ a: 1 }]) });
    const grouped = createReportDataProvider('r.x', http, { groupId: 'form1', cache });
    const sameGroup = createReportDataProvider('r.x', http, { groupId: 'form1', cache });
    const ungrouped = createReportDataProvider('r.x', http, { cache });
    const first = { page: 1, pageSize: 10 };

    await grouped.list(first);
    await sameGroup.list(first); // the group shares the page
    expect(server.requests).toHaveLength(1);
    await grouped.list({ page: 2, pageSize: 10 }); // another page is another request
    expect(server.requests).toHaveLength(2);
    await ungrouped.list(first);
    await ungrouped.list(first);
    expect(server.requests).toHaveLength(4);

    now += REPORT_CACHE_MS - 1;
    await grouped.list(first);
    expect(server.requests).toHaveLength(4);
    now += 1; // exactly 30 s later the page is asked again
    await grouped.list(first);
    expect(server.requests).toHaveLength(5);

    cache.clear('form1');
    await grouped.list(first);
    expect(server.requests).toHaveLength(6);
  });

  it('forgets a failed page at once', async () => {
    const cache = createReportCache(() => 0);
    let fail = true;
    const { http, server } = createTestClient({ responder: () => (fail ? { status: 500, body: 'down' } : page([])) });
    const provider = createReportDataProvider('r.x', http, { groupId: 'g', cache });
    await expect(provider.list({ page: 1, pageSize: 10 })).rejects.toBeTruthy();
    fail = false;
    await expect(provider.list({ page: 1, pageSize: 10 })).resolves.toMatchObject({ total: 0 });
    expect(server.requests).toHaveLength(2);
  });

  it('encodes an in filter as a comma list and leaves empty values out', () => {
    expect(reportQuery({ page: 1, pageSize: 5, filters: { a: { op: 'in', value: [1, 2] }, b: { op: 'eq', value: '' } } }, { x: null }, false)).toEqual({ a: '1,2' });
  });
});
