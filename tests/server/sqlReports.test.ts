import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { ensureTenant, insertDepart, insertUser } from '../helpers/testRows.js';
import { client, userWith, type Client } from './engineSupport.js';
import { readWorkbook } from './xlsxSupport.js';

const matrix = await databaseMatrix();
const API = '/online/cgreport/api';
const REPORT = 'labReports.certifiedByDepart';

/** Statements a report author (or an attacker holding the designer) might write: each is refused or harmless. */
const ATTACKS: Record<string, { sql: string; error: string | string[] }> = {
  twoStatements: { sql: 'select username as n from sys_user; delete from sys_user', error: ['CL_ERR_SQL_NOT_ONE_SELECT', 'CL_ERR_SQL_SYNTAX'] },
  write: { sql: 'delete from sys_user returning username as n', error: ['CL_ERR_SQL_NOT_ONE_SELECT', 'CL_ERR_SQL_SYNTAX'] },
  catalogue: {
    sql: 'select name as n from sqlite_master union all select tablename as n from pg_tables',
    error: ['CL_ERR_SQL_TABLE_REFUSED', 'CL_ERR_SQL_SYNTAX'],
  },
  secretColumn: { sql: 'select password as n from sys_user', error: ['CL_ERR_SQL_FAILED', 'CL_ERR_SQL_TABLE_REFUSED'] },
  sessions: { sql: 'select token as n from sys_session', error: ['CL_ERR_SQL_TABLE_REFUSED', 'CL_ERR_SQL_FAILED'] },
  sleep: { sql: 'select pg_sleep(5) as n', error: ['CL_ERR_SQL_FUNCTION_REFUSED', 'CL_ERR_SQL_SYNTAX'] },
  recursive: { sql: 'with recursive r(n) as (select 1 union all select n + 1 from r) select n from r', error: 'CL_ERR_SQL_SYNTAX' },
  lock: { sql: 'select username as n from sys_user for update', error: ['CL_ERR_SQL_NOT_ONE_SELECT', 'CL_ERR_SQL_SYNTAX'] },
  unboundParam: { sql: 'select username as n from sys_user where username = :nobody', error: 'CL_ERR_SQL_PARAM_MISSING' },
};

/** A module of SQL reports over the attack statements, each readable by the admin like any report. */
function attackModule(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-sqlreport-'));
  const dir = path.join(root, 'sqlAttack');
  fs.mkdirSync(path.join(dir, 'models'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'module.json'), JSON.stringify({ id: 'sqlAttack', title: 'SQL 攻击', menus: [] }));
  for (const [name, attack] of Object.entries(ATTACKS)) {
    const model = {
      version: 9,
      id: `sqlAttack.${name}`,
      title: name,
      screen: { kind: 'query' },
      query: { sql: attack.sql, fields: { n: 'n' } },
      entity: { table: `sql_attack_${name.toLowerCase()}`, fields: { n: { type: 'string', label: '值', maxLength: 200 } } },
      api: { dialect: 'jeecg', base: `/online/sqlAttack/${name}`, operations: { create: false, update: false, delete: false, deleteBatch: false } },
      list: { columns: ['n'] },
      permissions: { prefix: `sqlAttack:${name}:` },
    };
    fs.writeFileSync(path.join(dir, 'models', `${name}.model.json`), JSON.stringify(model));
  }
  return root;
}

/** SQL reports (model format v9, query.sql) through the online report calls, on both databases. */
describe.each(matrix)('$kind: SQL reports', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    const tag = `sq${process.pid}`;

    beforeAll(async () => {
      t = await createTestApp(kind, { extraSchemaDirs: [attackModule()] });
      admin = client(t, await t.login());
      const staff = [
        { org: `${tag}A`, title: '工程师', cert: 'C1' },
        { org: `${tag}A`, title: '工程师', cert: null },
        { org: `${tag}A`, title: '高级工程师', cert: 'C3' },
        { org: `${tag}B`, title: '工程师', cert: 'C4' },
        { org: `${tag}C`, title: '助理工程师', cert: null },
      ];
      for (const [i, s] of staff.entries()) {
        const res = await admin.post('/api/permission/Users', {
          username: `${tag}u${i}`,
          realname: `${tag}${i}`,
          password: 'Start1234v',
          orgCode: s.org,
          highestTitle: s.title,
          ...(s.cert ? { certificateName: '检测师', certificateNo: s.cert, certificateValidity: '2030-01-01' } : {}),
          workNo: `W${i}`,
        });
        expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
      }
      const db = t.app.ctx.db.db;
      await insertDepart(db, `${tag}A`, `${tag}检测一部`);
      // another tenant's department with the same code: the tenant shadow keeps it out of the join
      await ensureTenant(db, 7);
      await insertDepart(db, `${tag}B`, `${tag}他租户部门`, 7);
    });
    afterAll(async () => {
      await t?.close();
    });

    const data = (query: Record<string, string | number>, as: Client = admin, id = REPORT) => as.get(`${API}/getData/${id}`, query);
    type Record_ = { orgCode: string | null; departName: string | null; staffCount: number; certified: number };
    const mine = (body: { result: { records: Record_[] } }) => body.result.records.filter((r) => r.orgCode?.startsWith(tag));

    it('answers its columns, parameters and query fields like any report', async () => {
      const columns = await admin.get(`${API}/getRpColumns/${REPORT}`);
      expect(columns.body).toMatchObject({ success: true, result: { cgRpConfigId: REPORT, cgRpConfigName: '部门持证统计' } });
      expect(columns.body.result.columns.map((c: { dataIndex: string }) => c.dataIndex)).toEqual(['orgCode', 'departName', 'staffCount', 'certified']);
      expect(columns.body.result.params).toEqual([{ field: 'self_title', label: '最高职称', type: 'string', default: '' }]);
      const info = await admin.get(`${API}/getQueryInfo/${REPORT}`);
      expect(info.body.result).toEqual([
        { field: 'orgCode', label: '部门编码', type: 'string', mode: 'single' },
        { field: 'departName', label: '部门名称', type: 'string', mode: 'single' },
      ]);
    });

    it('searches, sorts and pages in SQL, with the total and the totals of every row', async () => {
      const all = await data({ departName: '', column: 'orgCode', order: 'asc', pageSize: 1000 });
      expect(all.body.success, JSON.stringify(all.body)).toBe(true);
      expect(mine(all.body)).toEqual([
        { orgCode: `${tag}A`, departName: `${tag}检测一部`, staffCount: 3, certified: 2 },
        // another tenant's department of the same code is not joined
        { orgCode: `${tag}B`, departName: null, staffCount: 1, certified: 1 },
        { orgCode: `${tag}C`, departName: null, staffCount: 1, certified: 0 },
      ]);
      const pages = [];
      for (const pageNo of [1, 2, 3]) {
        const res = await data({ orgCode: `${tag}A`, pageNo, pageSize: 1 });
        pages.push(res.body.result);
      }
      expect(pages[0]).toMatchObject({ total: 1, totals: { staffCount: 3, certified: 2 } });
      expect(pages[1].records).toEqual([]);
      const desc = await data({ column: 'staffCount', order: 'desc', pageSize: 2 });
      const counts = desc.body.result.records.map((r: Record_) => r.staffCount);
      expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
      const first = await data({ column: 'orgCode', order: 'asc', pageNo: 1, pageSize: 2 });
      const second = await data({ column: 'orgCode', order: 'asc', pageNo: 2, pageSize: 2 });
      const whole = await data({ column: 'orgCode', order: 'asc', pageSize: 1000 });
      expect([...first.body.result.records, ...second.body.result.records]).toEqual(whole.body.result.records.slice(0, 4));
      expect(first.body.result.total).toBe(whole.body.result.records.length);
      const like = await data({ departName: '检测一' });
      expect(mine(like.body).map((r) => r.orgCode)).toEqual([`${tag}A`]);
    });

    it('binds self_* values: a title filters, an injected one matches nothing, unknown ones and sort columns are refused', async () => {
      const engineers = await data({ self_title: '工程师', pageSize: 1000 });
      expect(mine(engineers.body).map((r) => [r.orgCode, r.staffCount])).toEqual([
        [`${tag}A`, 2],
        [`${tag}B`, 1],
      ]);
      const injected = await data({ self_title: "x' or '1'='1", pageSize: 1000 });
      expect(injected.body.result).toMatchObject({ total: 0, records: [] });
      expect((await data({ self_title: 'x'.repeat(21) })).body).toMatchObject({ success: false, error: 'CL_ERR_BAD_REQUEST' });
      expect((await data({ self_table: 'sys_user' })).body).toMatchObject({ success: false, error: 'CL_ERR_QUERY_PARAM_UNKNOWN' });
      expect((await data({ password: 'x' })).body).toMatchObject({ success: false, error: 'CL_ERR_QUERY_PARAM_UNKNOWN' });
      expect((await data({ column: 'orgcode; drop table sys_user', order: 'asc' })).body).toMatchObject({ success: false, error: 'CL_ERR_SORT_UNKNOWN' });
      expect((await data({ column: 'password', order: 'asc' })).body).toMatchObject({ success: false, error: 'CL_ERR_SORT_UNKNOWN' });
      expect((await data({ column: 'orgCode', order: 'asc, 1' })).body).toMatchObject({ success: false, error: 'CL_ERR_BAD_REQUEST' });
      const { rows } = await sql<{ n: unknown }>`select count(*) as n from sys_user`.execute(t.app.ctx.db.db);
      expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(6);
    });

    it('keeps the count and totals per statement, values and scope until a write through the engine to a table it reads', async () => {
      // not under the tag: the other tests list every department of the tag
      const org = `D${tag}`;
      const page = async (query: Record<string, string | number> = {}) => (await data({ orgCode: org, pageSize: 1, ...query })).body.result;
      expect(await page()).toMatchObject({ total: 0, records: [] });
      // a row the engine did not write (a script on the database): the page reads it, the cached count does not
      const db = t.app.ctx.db.db;
      const id = await insertUser(db, { username: `${tag}direct`, password: 'Start1234v' });
      await db.updateTable('sysUser').set({ orgCode: org, highestTitle: '技术员' }).where('id', '=', id).execute();
      expect(await page()).toMatchObject({ total: 0, records: [{ orgCode: org, staffCount: 1 }] });
      // another parameter value is another statement: counted afresh
      expect(await page({ self_title: '技术员' })).toMatchObject({ total: 1, totals: { staffCount: 1 } });
      // a write through the engine to sys_user: every cached count and totals of statements reading it is stale
      const res = await admin.post('/api/permission/Users', { username: `${tag}engine`, realname: `${tag}e`, password: 'Start1234v', orgCode: org });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
      expect(await page()).toMatchObject({ total: 1, totals: { staffCount: 2, certified: 0 }, records: [{ orgCode: org, staffCount: 2 }] });
      // a write to the other table it reads (sys_depart) also makes the entry stale
      await db.updateTable('sysUser').set({ orgCode: null }).where('id', '=', id).execute();
      expect(await page()).toMatchObject({ total: 1, totals: { staffCount: 2 } });
      expect((await admin.post('/api/permission/Organize/Department', { departName: `${tag}四部`, orgCode: org })).body).toMatchObject({ code: 200 });
      expect(await page()).toMatchObject({ total: 1, totals: { staffCount: 1 } });
    });

    it('refuses attack statements with the safe-SQL refusals, and leaves every table as it was', async () => {
      const before = await sql<{ n: unknown }>`select count(*) as n from sys_user`.execute(t.app.ctx.db.db);
      for (const [name, attack] of Object.entries(ATTACKS)) {
        const res = await data({}, admin, `sqlAttack.${name}`);
        expect(res.body.success, `${name}: ${JSON.stringify(res.body)}`).toBe(false);
        expect([attack.error].flat(), `${name}: ${JSON.stringify(res.body)}`).toContain(res.body.error);
      }
      const after = await sql<{ n: unknown }>`select count(*) as n from sys_user`.execute(t.app.ctx.db.db);
      expect(Number(after.rows[0]!.n)).toBe(Number(before.rows[0]!.n));
    });

    it("needs the report's permission and the list permission of every table it reads", async () => {
      const reportOnly = await userWith(t, ['labReports:certifiedByDepart:list']);
      expect((await data({}, reportOnly)).body).toMatchObject({ success: false, error: 'CL_ERR_SQL_TABLE_REFUSED' });
      const tablesOnly = await userWith(t, ['system:user:list', 'system:depart:list']);
      expect((await data({}, tablesOnly)).status).toBe(404);
      const both = await userWith(t, ['labReports:certifiedByDepart:list', 'system:user:list', 'system:depart:list']);
      const res = await data({ orgCode: `${tag}A` }, both);
      expect(res.body.result.records).toEqual([{ orgCode: `${tag}A`, departName: `${tag}检测一部`, staffCount: 3, certified: 2 }]);
    });

    it('exports every row with the totals row last', async () => {
      const token = await t.login();
      const res = await t.request({ method: 'GET', url: `${API}/exportXls/${REPORT}?orgCode=${encodeURIComponent(`${tag}A`)}`, token });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const rows = (await readWorkbook(res.rawPayload)).sheets.get('部门持证统计')!;
      expect(rows).toEqual([
        ['部门编码', '部门名称', '人数', '持证人数'],
        [`${tag}A`, `${tag}检测一部`, 3, 2],
        ['合计', null, 3, 2],
      ]);
    });
  });
});
