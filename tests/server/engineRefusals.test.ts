import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, FIXTURE_ROOT, SAMPLES, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const LIST = '/admin/labSample/list';
const POSITIONS = '/api/permission/Position';
const sq = (conditions: unknown) => JSON.stringify(conditions);

/** [query, expected CL_ERR code] pairs that must be refused with HTTP 400 and never reach SQL. */
const REFUSED_LIST_QUERIES: [Record<string, string>, string][] = [
  [{ bogus: '1' }, 'CL_ERR_QUERY_PARAM_UNKNOWN'],
  [{ 'sampleNo;drop table lab_fixture_sample': '1' }, 'CL_ERR_QUERY_PARAM_UNKNOWN'],
  [{ accessKey: 'k' }, 'CL_ERR_QUERY_PARAM_UNKNOWN'],
  [{ remark: 'x' }, 'CL_ERR_QUERY_PARAM_UNKNOWN'],
  [{ column: 'nope' }, 'CL_ERR_SORT_UNKNOWN'],
  [{ column: 'sampleNo;drop table lab_fixture_sample' }, 'CL_ERR_SORT_UNKNOWN'],
  [{ column: 'sample_no' }, 'CL_ERR_SORT_UNKNOWN'],
  [{ column: 'remark' }, 'CL_ERR_SORT_UNKNOWN'],
  [{ column: 'accessKey' }, 'CL_ERR_SORT_UNKNOWN'],
  [{ column: 'sampleNo', order: 'desc; drop table x' }, 'CL_ERR_QUERY_INVALID'],
  [{ order: 'sideways' }, 'CL_ERR_QUERY_INVALID'],
  [{ pageSize: '501' }, 'CL_ERR_QUERY_INVALID'],
  [{ pageSize: '0' }, 'CL_ERR_QUERY_INVALID'],
  [{ pageNo: 'abc' }, 'CL_ERR_QUERY_INVALID'],
  [{ quantity: 'abc' }, 'CL_ERR_QUERY_INVALID'],
  [{ quantity: '>=abc' }, 'CL_ERR_QUERY_INVALID'],
  [{ quantity: '*1*' }, 'CL_ERR_QUERY_INVALID'],
  [{ quantity_begin: '1 or 1=1' }, 'CL_ERR_QUERY_INVALID'],
  [{ receivedDate: '2024-02-30' }, 'CL_ERR_QUERY_INVALID'],
  [{ category: Array.from({ length: 1001 }, (_, i) => `c${i}`).join(',') }, 'CL_ERR_QUERY_INVALID'],
  [{ field: 'sampleNo,bogus' }, 'CL_ERR_FIELD_UNKNOWN'],
  [{ field: 'accessKey' }, 'CL_ERR_FIELD_UNKNOWN'],
  [{ superQueryParams: '[{"field":' }, 'CL_ERR_QUERY_INVALID'],
  [{ superQueryParams: '{"field":"sampleNo","rule":"eq","val":"x"}' }, 'CL_ERR_QUERY_INVALID'],
  [{ superQueryParams: sq([{ field: 'sampleNo', rule: 'regexp', val: 'x' }]) }, 'CL_ERR_QUERY_RULE_UNKNOWN'],
  [{ superQueryParams: sq([{ field: 'sampleNo', rule: 'eq) or (1=1', val: 'x' }]) }, 'CL_ERR_QUERY_RULE_UNKNOWN'],
  [{ superQueryParams: sq([{ field: 'bogus', rule: 'eq', val: 'x' }]) }, 'CL_ERR_FIELD_UNKNOWN'],
  [{ superQueryParams: sq([{ field: 'sample_no = sample_no --', rule: 'eq', val: 'x' }]) }, 'CL_ERR_FIELD_UNKNOWN'],
  [{ superQueryParams: sq([{ field: 'accessKey', rule: 'eq', val: 'x' }]) }, 'CL_ERR_FIELD_UNKNOWN'],
  [{ superQueryParams: sq([{ field: 'sampleNo', rule: 'eq', val: { $ne: 1 } }]) }, 'CL_ERR_QUERY_INVALID'],
  [{ superQueryParams: sq([{ field: 'sampleNo', rule: 'eq', val: 'x', sql: '1=1' }]) }, 'CL_ERR_QUERY_INVALID'],
  [{ superQueryParams: sq([{ field: 'quantity', rule: 'gt', val: 'many' }]) }, 'CL_ERR_QUERY_INVALID'],
  [{ superQueryParams: sq(Array.from({ length: 21 }, () => ({ field: 'sampleNo', rule: 'eq', val: 'x' }))) }, 'CL_ERR_QUERY_INVALID'],
  [{ superQueryParams: sq([]), superQueryMatchType: 'xor' }, 'CL_ERR_QUERY_INVALID'],
];

describe.each(matrix)('$kind: refused identifiers and input', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    beforeAll(async () => {
      t = await createTestApp(kind, { extraSchemaDirs: [FIXTURE_ROOT] });
      admin = client(t, await t.login());
      for (const sample of SAMPLES) await admin.post('/admin/labSample/add', sample);
    });
    afterAll(async () => {
      await t?.close();
    });

    it.each(REFUSED_LIST_QUERIES)('refuses %j with 400', async (query, error) => {
      const res = await admin.get(LIST, query);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 400, error });
      expect(res.body.message).not.toMatch(/select|from|sqlite|syntax/i);
    });

    it('accepts the other dialect’s page number and cache busters, which carry no filter', async () => {
      expect((await admin.get(LIST, { currentPage: 2, pageSize: 3, _t: 1, _: 2 })).body.result).toMatchObject({ current: 2, size: 3, total: SAMPLES.length });
      expect((await admin.get(POSITIONS, { pageNo: 1, _t: 1 })).body).toMatchObject({ code: 200, data: { pagination: { currentPage: 1 } } });
    });

    it('accepts exactly 20 advanced conditions and 1,000 in-values', async () => {
      const twenty = sq(Array.from({ length: 20 }, () => ({ field: 'sampleNo', rule: 'ne', val: 'x' })));
      expect((await admin.get(LIST, { superQueryParams: twenty })).body.result.total).toBe(SAMPLES.length);
      const thousand = Array.from({ length: 999 }, (_, i) => `c${i}`)
        .concat('soil')
        .join(',');
      expect((await admin.get(LIST, { category: thousand })).body.result.total).toBe(2);
      expect((await admin.get(LIST, { pageSize: 500 })).status).toBe(200);
    });

    it('refuses a parameter sent twice', async () => {
      const res = await t.request({ method: 'GET', url: `${LIST}?sampleNo=S001&sampleNo=S002`, token: await t.login() });
      expect(res.statusCode).toBe(400);
    });

    it('refuses unknown parameters on the REST dialect and on single-record routes', async () => {
      expect((await admin.get(POSITIONS, { colour: 'red' })).body).toMatchObject({
        code: 400,
        error: 'CL_ERR_QUERY_PARAM_UNKNOWN',
        msg: '未知的查询参数：colour',
      });
      expect((await admin.get(POSITIONS, { sidx: 'fullName;drop table sys_position' })).body).toMatchObject({ code: 400, error: 'CL_ERR_SORT_UNKNOWN' });
      expect((await admin.get(POSITIONS, { sort: 'up' })).body).toMatchObject({ code: 400, error: 'CL_ERR_QUERY_INVALID' });
      expect((await admin.get('/admin/labSample/queryById', { id: 'x', extra: '1' })).body).toMatchObject({ code: 400, error: 'CL_ERR_QUERY_PARAM_UNKNOWN' });
      expect((await admin.get('/sys/position/select', { q: '1' })).body).toMatchObject({ code: 400, error: 'CL_ERR_QUERY_PARAM_UNKNOWN' });
      expect((await admin.post(POSITIONS, [{ fullName: 'x' }])).status).toBe(400);
      expect((await admin.put('/admin/labSample/editState', { id: 'x', state: 1 })).body).toMatchObject({ code: 400, error: 'CL_ERR_FIELD_UNKNOWN' });
      expect((await admin.del('/admin/labSample/deleteBatch', { ids: '' })).body).toMatchObject({ code: 400, error: 'CL_ERR_QUERY_INVALID' });
    });

    it('logs refused identifiers as security events', async () => {
      await admin.get(LIST, { column: 'probe_column' });
      // written off the request path
      await vi.waitFor(async () => {
        const rows = await t.app.ctx.db.db
          .selectFrom('sysSecurityLog')
          .select(['event', 'username', 'detail'])
          .where('event', '=', 'identifier.refused')
          .execute();
        expect(rows).toContainEqual({ event: 'identifier.refused', username: 'admin', detail: expect.stringMatching(/CL_ERR_SORT_UNKNOWN.*probe_column/) });
      });
    });

    it('keeps serving, with the table intact, after every refusal', async () => {
      const res = await admin.get(LIST, { pageSize: 50 });
      expect(res.status).toBe(200);
      expect(res.body.result.total).toBe(SAMPLES.length);
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from lab_fixture_sample`.execute(t.app.ctx.db.db);
      expect(Number(rows[0]!.n)).toBe(SAMPLES.length);
      expect((await t.request({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    });
  });
});
