import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, userWith, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const BASE = '/api/system/DataInterface';
const SQL_REFUSALS = ['CL_ERR_SQL_NOT_ONE_SELECT', 'CL_ERR_SQL_SYNTAX', 'CL_ERR_SQL_TABLE_REFUSED', 'CL_ERR_SQL_FUNCTION_REFUSED'];

/** A local JSON service standing in for a configured remote host (the only addresses tests may call). */
function startService(): Promise<{ server: http.Server; port: number; hits: string[] }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    if (req.url?.startsWith('/redirect')) {
      res.writeHead(302, { location: 'http://example.invalid/' }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        list: [
          { code: 'A', name: '甲' },
          { code: 'B', name: '乙' },
        ],
        echo: req.url,
      }),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, hits })));
}

describe.each(matrix)('$kind: data interfaces (/api/system/DataInterface)', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let service: Awaited<ReturnType<typeof startService>>;

    async function create(body: Record<string, unknown>): Promise<{ code: number; data: Record<string, unknown>; error?: string }> {
      const reply = await admin.post(BASE, { fullName: body.enCode, categoryId: 'base', enabledMark: 1, ...body });
      return reply.body;
    }

    /** an interface row written past the save checks (as an older version or a database edit could leave one) */
    async function stored(query: string): Promise<string> {
      const id = newId();
      await sql`insert into sys_data_interface (id, tenant_id, full_name, en_code, data_type, query, enabled_mark, sort_code, create_time, version)
        values (${id}, 1, ${'raw'}, ${`raw.${id.slice(-8)}`}, 1, ${query}, 1, 0, ${'2026-01-01 00:00:00'}, 1)`.execute(t.app.ctx.db.db);
      return id;
    }

    beforeAll(async () => {
      service = await startService();
      t = await createTestApp(kind, {
        config: {
          configuredSql: { timeoutMs: 1_000, maxRows: 50 },
          outboundHttp: { hosts: [`127.0.0.1:${service.port}`], allowPrivate: true, timeoutMs: 2_000, maxBytes: 100_000 },
        },
      });
      admin = client(t, await t.login());
      for (const [code, name] of [
        ['WT', '委托单号'],
        ['BG', '报告编号'],
        ['YP', '样品编号'],
      ]) {
        expect((await admin.post('/api/system/BillRule', { fullName: name, enCode: code, prefix: code })).body.code).toBe(200);
      }
      // a rule of another tenant with a code the tenant-1 query matches
      await sql`insert into sys_bill_rule (id, tenant_id, full_name, en_code, prefix, digit, start_number, enabled_mark, sort_code, create_time, version)
        values (${newId()}, 2, ${'别家'}, ${'WX'}, ${'WX'}, 4, 1, 1, 0, ${'2026-01-01 00:00:00'}, 1)`.execute(t.app.ctx.db.db);
    });
    afterAll(async () => {
      await t?.close();
      service?.server.close();
    });

    it('serves static JSON, and the selection calls filter, page and resolve over it', async () => {
      const data = [
        { id: '1', name: '钢筋' },
        { id: '2', name: '水泥' },
        { id: '3', name: '钢绞线' },
      ];
      const created = await create({ enCode: 'static.materials', dataType: 2, staticData: JSON.stringify(data) });
      expect(created.code, JSON.stringify(created)).toBe(200);
      const id = String(created.data.id);
      expect((await admin.get(`${BASE}/${id}/Actions/Response`)).body).toMatchObject({ code: 200, data });
      const picked = (
        await admin.get(`${BASE}/${id}/Action/List`, { interfaceId: id, propsValue: 'id', relationField: 'name', keyword: '钢', currentPage: 1, pageSize: 1 })
      ).body;
      expect(picked.data).toEqual({ list: [data[0]], pagination: { currentPage: 1, pageSize: 1, total: 2 } });
      expect((await admin.get(`${BASE}/${id}/Action/List`, { relationField: 'name', keyword: '钢', currentPage: 2, pageSize: 1 })).body.data.list).toEqual([
        data[2],
      ]);
      expect((await admin.get(`${BASE}/${id}/Action/Info`, { propsValue: 'id', id: '2' })).body.data).toEqual(data[1]);
      expect((await admin.get(`${BASE}/${id}/Action/Info`, { propsValue: 'id', ids: '1,3' })).body.data).toEqual([data[0], data[2]]);
      // a field name the rows do not have is refused, never used
      expect((await admin.get(`${BASE}/${id}/Action/List`, { relationField: 'name; drop', keyword: 'x' })).status).toBe(400);
      expect((await admin.get(`${BASE}/${id}/Actions/Response`, { nope: '1' })).status).toBe(400);
      // bad JSON is refused at save
      expect((await create({ enCode: 'static.bad', dataType: 2, staticData: '[{' })).error).toBe('CL_ERR_DATA_INTERFACE_INVALID');
    });

    it('runs one SELECT with bound variables, in the caller tenant only, and logs each call', async () => {
      const created = await create({
        enCode: 'sql.rules',
        dataType: 1,
        query: 'select en_code, full_name from sys_bill_rule where en_code like :code -- the codes\norder by en_code',
        requestParameters: JSON.stringify([{ field: 'code', fieldName: '编码', dataType: 'varchar', defaultValue: 'W%' }]),
      });
      expect(created.code, JSON.stringify(created)).toBe(200);
      const id = String(created.data.id);
      // the default W% matches WT here and WX only in tenant 2
      expect((await admin.get(`${BASE}/${id}/Actions/Response`)).body.data).toEqual([{ en_code: 'WT', full_name: '委托单号' }]);
      // a value is bound, not spliced: quotes and SQL in it are just text
      expect((await admin.get(`${BASE}/${id}/Actions/Response`, { code: "' or 1=1 --" })).body.data).toEqual([]);
      const preview = (await admin.post(`${BASE}/${id}/Actions/Preview`, { code: 'B%' })).body;
      expect(preview.data).toMatchObject({ data: [{ en_code: 'BG' }], columns: ['en_code', 'full_name'], truncated: false });
      expect((await admin.get(`${BASE}/GetParam/${id}`)).body.data).toEqual([
        { field: 'code', fieldName: '编码', dataType: 'varchar', defaultValue: 'W%', required: false },
      ]);
      const logs = (await admin.get(`/api/system/DataInterfaceLog/${id}`)).body.data;
      expect(logs.pagination.total).toBe(3);
      expect(logs.list[0]).toMatchObject({ invokType: 'Preview', success: 1, userName: 'admin' });
      // the JSON export carries the definition
      const exported = await admin.get(`${BASE}/${id}/Action/Export`);
      expect(exported.headers['content-disposition']).toContain('sql.rules.json');
      expect(exported.body).toMatchObject({ enCode: 'sql.rules', dataType: 1 });
    });

    it('refuses at save every SQL that is not one read-only SELECT over allowed tables and functions', async () => {
      const attacks = [
        'select 1; delete from sys_bill_rule',
        'select 1;\n-- hidden\ndrop table sys_bill_rule',
        'delete from sys_bill_rule',
        'update sys_bill_rule set prefix = null',
        "insert into sys_bill_rule (id) values ('x')",
        'with gone as (delete from sys_bill_rule returning *) select * from gone',
        'select * into copied from sys_bill_rule',
        'select * from sys_bill_rule for update',
        "attach database '/tmp/x.db' as x",
        'pragma table_info(sys_user)',
        'select * from sys_session',
        'select en_code from sys_bill_rule union select token_hash from sys_session',
        'select * from sys_bill_rule where id in (select user_id from sys_session)',
        'select * from sqlite_master',
        'select name from sqlite_schema',
        'select * from pg_catalog.pg_user',
        'select * from pg_shadow',
        'select * from information_schema.tables',
        'select * from main.sys_bill_rule',
        'select * from public.sys_bill_rule',
        'select pg_sleep(10)',
        "select pg_read_file('/etc/passwd')",
        "select load_extension('/tmp/evil')",
        "select query_to_xml('select * from sys_session', true, true, '')",
        "select current_setting('data_directory')",
        'select randomblob(1000000000)',
        "select 'sys_user'::regclass",
        "select cast('sys_user' as regclass)",
        'with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r',
        'select ? as x',
        'select $1 as x',
        'select $$x$$',
        "select 'a\\' or 1=1",
        'select 1 /* unterminated',
        '',
      ];
      for (const query of attacks) {
        const answer = await create({ enCode: `attack.${Math.random().toString(36).slice(2, 8)}`, dataType: 1, query });
        if (query === '') {
          expect(answer.error, query).toBe('CL_ERR_VALIDATION');
          continue;
        }
        expect(SQL_REFUSALS, `${query} -> ${JSON.stringify(answer)}`).toContain(answer.error);
      }
      // comments and strings that look like attacks are fine
      const benign = await create({ enCode: 'benign', dataType: 1, query: "/* ; delete */ select count(*) as n, 'drop; --' as t from sys_bill_rule -- ;" });
      expect(benign.code, JSON.stringify(benign)).toBe(200);
      expect((await admin.get(`${BASE}/${String(benign.data.id)}/Actions/Response`)).body.data).toEqual([{ n: 3, t: 'drop; --' }]);
    });

    it('refuses at run time what slipped past the save, reads no secret column, and stops at the row cap', async () => {
      for (const query of [
        'select * from sys_session',
        "select pg_read_file('/etc/passwd')",
        'select 1; delete from sys_bill_rule',
        'select * from sqlite_master',
      ]) {
        const id = await stored(query);
        expect(SQL_REFUSALS, query).toContain((await admin.get(`${BASE}/${id}/Actions/Response`)).body.error);
      }
      // the accounts table is readable without its credentials: they are not columns of what the query sees
      const users = (await admin.get(`${BASE}/${await stored('select * from sys_user')}/Actions/Response`)).body.data as Record<string, unknown>[];
      expect(users.map((u) => u.username)).toContain('admin');
      for (const user of users) {
        expect(Object.keys(user).filter((k) => /password|salt/.test(k))).toEqual([]);
      }
      expect((await admin.get(`${BASE}/${await stored('select password from sys_user')}/Actions/Response`)).body.error).toBe('CL_ERR_SQL_FAILED');
      // a write that got this far still cannot write: the runner is read-only
      expect((await admin.get('/api/system/BillRule', { pageSize: 50 })).body.data.pagination.total).toBe(3);
      // row cap (50 in this app): the seeded areas are thousands
      const capped = (await admin.post(`${BASE}/${await stored('select id from sys_area')}/Actions/Preview`, {})).body.data;
      expect(capped.data).toHaveLength(50);
      expect(capped.truncated).toBe(true);
    });

    it('pages SQL selection calls in the database, past the row cap, with the keyword matched in SQL', async () => {
      // the seeded areas are thousands; this app's row cap is 50
      const id = await stored('select en_code, full_name from sys_area\norder by en_code');
      const db = t.app.ctx.db.db;
      const all = (await sql<{ n: number | string }>`select count(*) as n from sys_area`.execute(db)).rows[0]!;
      // (the test's own connection answers columns camel-cased)
      const expected = await sql<{ enCode: string; fullName: string }>`select en_code, full_name from sys_area order by en_code limit 20 offset 1980`.execute(
        db,
      );
      const page = (await admin.get(`${BASE}/${id}/Action/List`, { propsValue: 'en_code', currentPage: 100, pageSize: 20 })).body.data;
      expect(page.pagination).toEqual({ currentPage: 100, pageSize: 20, total: Number(all.n) });
      expect(Number(all.n)).toBeGreaterThan(2_000);
      expect(page.list).toEqual(expected.rows.map((row) => ({ en_code: row.enCode, full_name: row.fullName })));
      // the keyword on relationField counts and pages every match, not the first 50 rows'
      const matches = await sql<{ n: number | string }>`select count(*) as n from sys_area where full_name like ${'%县%'}`.execute(db);
      const county = (await admin.get(`${BASE}/${id}/Action/List`, { relationField: 'full_name', keyword: '县', currentPage: 3, pageSize: 30 })).body.data;
      expect(county.pagination.total).toBe(Number(matches.rows[0]!.n));
      expect(county.pagination.total).toBeGreaterThan(50);
      expect(county.list).toHaveLength(30);
      for (const row of county.list) expect(row.full_name).toContain('县');
      // without relationField the keyword matches any column; LIKE's own characters are plain text
      expect((await admin.get(`${BASE}/${id}/Action/List`, { keyword: '110101' })).body.data.list).toEqual([expect.objectContaining({ en_code: '110101' })]);
      expect((await admin.get(`${BASE}/${id}/Action/List`, { keyword: '%' })).body.data).toEqual({
        list: [],
        pagination: { currentPage: 1, pageSize: 20, total: 0 },
      });
      // past the last page: an empty page with the true total
      expect((await admin.get(`${BASE}/${id}/Action/List`, { currentPage: 9999, pageSize: 20 })).body.data.list).toEqual([]);
      // a field name the rows do not have is refused, never spliced
      expect((await admin.get(`${BASE}/${id}/Action/List`, { relationField: 'full_name") or 1=1 --', keyword: 'x' })).status).toBe(400);
      expect((await admin.get(`${BASE}/${id}/Action/List`, { propsValue: 'nope' })).status).toBe(400);
    });

    it('stops a slow SELECT at its timeout', async () => {
      const id = await stored('select count(*) as n from sys_area a, sys_area b, sys_area c');
      const started = Date.now();
      const answer = (await admin.get(`${BASE}/${id}/Actions/Response`)).body;
      expect(answer.error).toBe('CL_ERR_SQL_TIMEOUT');
      expect(Date.now() - started).toBeLessThan(6_000);
      // the runner serves the next statement
      expect((await admin.get(`${BASE}/${await stored('select count(*) as n from sys_bill_rule')}/Actions/Response`)).body.data).toEqual([{ n: 3 }]);
    });

    it('runs as the caller: tables of models they may not list are refused, and calls need a sign-in', async () => {
      const id = await stored('select en_code from sys_bill_rule');
      const reader = await userWith(t, ['system:billRule:list']);
      expect((await reader.get(`${BASE}/${id}/Actions/Response`)).body.data).toHaveLength(3);
      const outsider = await userWith(t, []);
      expect((await outsider.get(`${BASE}/${id}/Actions/Response`)).body.error).toBe('CL_ERR_SQL_TABLE_REFUSED');
      // designing needs the model's permissions
      expect((await outsider.post(`${BASE}/${id}/Actions/Preview`, {})).status).toBe(403);
      expect((await outsider.get(`/api/system/DataInterfaceLog/${id}`)).status).toBe(403);
      // another tenant does not see the interface at all
      const otherTenant = await userWith(t, ['system:billRule:list'], { tenantId: 2 });
      expect((await otherTenant.get(`${BASE}/${id}/Actions/Response`)).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      expect((await t.request({ method: 'GET', url: `${BASE}/${id}/Actions/Response` })).statusCode).toBe(401);
      // a disabled interface does not run
      await admin.put(`${BASE}/${id}/Actions/State`);
      expect((await admin.get(`${BASE}/${id}/Actions/Response`)).body.error).toBe('CL_ERR_DATA_INTERFACE_DISABLED');
    });

    it('calls HTTP interfaces on configured hosts only', async () => {
      const created = await create({
        enCode: 'http.codes',
        dataType: 3,
        requestMethod: 'GET',
        path: `http://127.0.0.1:${service.port}/codes`,
        requestParameters: JSON.stringify([{ field: 'q', dataType: 'varchar' }]),
      });
      expect(created.code, JSON.stringify(created)).toBe(200);
      const id = String(created.data.id);
      const answer = (await admin.get(`${BASE}/${id}/Actions/Response`, { q: '甲' })).body.data;
      expect(answer.list).toHaveLength(2);
      expect(service.hits.at(-1)).toBe(`GET /codes?q=${encodeURIComponent('甲')}`);
      expect((await admin.get(`${BASE}/${id}/Action/List`, { relationField: 'name', keyword: '乙' })).body.data.list).toEqual([{ code: 'B', name: '乙' }]);
      // any other host, scheme or port is refused at save, and nothing is fetched
      const before = service.hits.length;
      for (const path of [
        'http://example.com/x',
        `http://localhost:${service.port}/codes`,
        `http://127.0.0.1:${service.port + 1}/x`,
        'file:///etc/passwd',
        `http://user:pw@127.0.0.1:${service.port}/`,
      ]) {
        expect((await create({ enCode: `http.bad.${Math.random().toString(36).slice(2, 8)}`, dataType: 3, path })).error, path).toBe(
          'CL_ERR_HTTP_HOST_REFUSED',
        );
      }
      // a redirect is not followed
      const redirect = await create({ enCode: 'http.redirect', dataType: 3, path: `http://127.0.0.1:${service.port}/redirect` });
      expect((await admin.get(`${BASE}/${String(redirect.data.id)}/Actions/Response`)).body.error).toBe('CL_ERR_HTTP_CALL_FAILED');
      expect(service.hits.length).toBe(before + 1);
    });

    it('refuses a loopback address, even allow-listed, unless private addresses are allowed', async () => {
      const strict = await createTestApp(kind, {
        config: { outboundHttp: { hosts: [`127.0.0.1:${service.port}`], allowPrivate: false, timeoutMs: 2_000, maxBytes: 100_000 } },
      });
      try {
        const strictAdmin = client(strict, await strict.login());
        const answer = await strictAdmin.post(BASE, { fullName: 'x', enCode: 'loop', dataType: 3, path: `http://127.0.0.1:${service.port}/codes` });
        const before = service.hits.length;
        expect((await strictAdmin.get(`${BASE}/${String(answer.body.data.id)}/Actions/Response`)).body.error).toBe('CL_ERR_HTTP_HOST_REFUSED');
        expect(service.hits.length).toBe(before);
      } finally {
        await strict.close();
      }
    });

    it('lists interfaces for pickers by category, and refuses bad paging', async () => {
      expect((await create({ enCode: 'picker.units', dataType: 2, staticData: '[]' })).code).toBe(200);
      const selector = (await admin.get(`${BASE}/Selector`)).body.data.list as { id: string; children: { enCode: string }[] }[];
      expect(selector.find((c) => c.id === 'base')?.children.map((c) => c.enCode)).toContain('picker.units');
      const page = (await admin.get(`${BASE}/getList`, { keyword: 'picker.units', currentPage: 1, pageSize: 5 })).body.data;
      expect(page.list[0]).toMatchObject({ enCode: 'picker.units', dataType: 2 });
      expect((await admin.get(`${BASE}/getList`, { pageSize: 0 })).status).toBe(400);
    });
  });
});
