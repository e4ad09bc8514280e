import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { scopeFixtureHooks } from '../helpers/scopeFixtureHooks.js';
import { createTestApp, fixturePath, type TestApp } from '../helpers/testApp.js';
import { grant, insertDepart, insertRole, insertUser } from '../helpers/testRows.js';
import { client, type Client } from './engineSupport.js';
import { multipart, readWorkbook, workbookOf } from './xlsxSupport.js';

const matrix = await databaseMatrix();
const BASE = '/api/scopefixture/Case';
const CASE_CODES = ['list', 'add', 'edit', 'delete', 'state', 'import', 'export', 'close'].map((a) => `btn:scopefixture:case:${a}`);

type Rule = { kind: string; field?: string; operator?: string; valueFrom?: string; value?: string; modelId?: string };

describe.each(matrix)('$kind: data scope (rules per role, on reads and writes)', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let seq = 0;
    const depart: Record<'A' | 'A1' | 'B', string> = { A: '', A1: '', B: '' };
    const row: Record<string, { id: string; version: number }> = {};

    async function newRule(rule: Rule): Promise<string> {
      const res = await admin.post('/sys/dataRule/add', { name: `rule ${++seq}`, modelId: 'scopefixture.case', ...rule });
      expect(res.body).toMatchObject({ success: true });
      return res.body.result.id;
    }

    /** A signed-in user with one role per entry of `roles` (each granting those rules and `codes`) in the given departments. */
    async function userWith(roles: string[][], departIds: string[], codes = CASE_CODES): Promise<{ c: Client; username: string; token: string }> {
      const db = t.app.ctx.db.db;
      const username = `scope${process.pid}x${++seq}`;
      const roleIds: string[] = [];
      for (const [i, rules] of roles.entries()) {
        const roleId = await insertRole(db, `${username}-r${i}`);
        await grant(db, roleId, codes);
        for (const ruleId of rules) expect((await admin.post('/sys/roleDataRule/add', { roleId, ruleId })).body).toMatchObject({ success: true });
        roleIds.push(roleId);
      }
      await insertUser(db, { username, password: 'Passw0rd1', roleIds, departIds });
      const token = await t.login(username, 'Passw0rd1');
      return { c: client(t, token), username, token };
    }

    const titles = async (c: Client, query: Record<string, string | number> = {}) => {
      const res = await c.get(BASE, { pageSize: 100, sidx: 'title', sort: 'asc', ...query });
      expect(res.body.code).toBe(200);
      return { titles: res.body.data.list.map((r: { title: string }) => r.title), total: res.body.data.pagination.total };
    };

    beforeAll(async () => {
      t = await createTestApp(kind, { extraSchemaDirs: [fixturePath('scopeModules')], hooks: scopeFixtureHooks() });
      admin = client(t, await t.login());
      const db = t.app.ctx.db.db;
      depart.A = await insertDepart(db, `SA${process.pid}`, '检测一部');
      depart.A1 = await insertDepart(db, `SA${process.pid}A1`, '检测一部一组');
      depart.B = await insertDepart(db, `SB${process.pid}`, '检测二部');
      await sql`update sys_depart set parent_id = ${depart.A} where id = ${depart.A1}`.execute(db);
      for (const [title, departId, category] of [
        ['A-1', depart.A, 'x'],
        ['A-2', depart.A, 'y'],
        ['A1-1', depart.A1, 'x'],
        ['B-1', depart.B, 'x'],
        ['none', null, 'y'],
      ] as const) {
        const res = await admin.post(BASE, { title, departId, category });
        expect(res.body.code).toBe(200);
        row[title] = res.body.data;
      }
    });
    afterAll(async () => {
      await t?.close();
    });

    it('a department role reads only its department: list, total, detail and lookup', async () => {
      const { c } = await userWith([[await newRule({ kind: 'department' })]], [depart.A]);
      expect(await titles(c)).toEqual({ titles: ['A-1', 'A-2'], total: 2 });
      // an advanced query with "or" cannot widen the scope
      const or = JSON.stringify([
        { field: 'departId', rule: 'eq', val: depart.B },
        { field: 'title', rule: 'like', val: '-' },
      ]);
      expect((await titles(c, { superQueryParams: or, superQueryMatchType: 'or' })).titles).toEqual(['A-1', 'A-2']);
      expect((await c.get(`${BASE}/${row['A-1']!.id}`)).body.data).toMatchObject({ title: 'A-1' });
      expect((await c.get(`${BASE}/${row['B-1']!.id}`)).body).toMatchObject({ code: 400, error: 'CL_ERR_RECORD_NOT_FOUND' });
      const options = (await c.get('/sys/scopefixture/caseOptions')).body.result.map((o: { text: string }) => o.text).sort();
      expect(options).toEqual(['A-1', 'A-2']);
      // a table dictionary over the model is a read of it: the same scope
      const dict = (await c.get('/sys/dict/loadDict/scope_fixture_case,title,id', { pageSize: 100 })).body.result.map((o: { text: string }) => o.text).sort();
      expect(dict).toEqual(['A-1', 'A-2']);
      const texts = await c.get(`/sys/dict/loadDictItem/scope_fixture_case,title,id`, { key: `${row['A-1']!.id},${row['B-1']!.id}` });
      expect(texts.body.result).toEqual(['A-1', '']);
    });

    it('refuses writes to rows outside the scope and leaves them unchanged', async () => {
      const { c } = await userWith([[await newRule({ kind: 'department' })]], [depart.A]);
      const other = row['B-1']!;
      // 1. update, state toggle and delete of another department's row: not found
      expect((await c.put(`${BASE}/${other.id}`, { title: '篡改', version: other.version })).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      expect((await c.put(`${BASE}/${other.id}/Actions/State`)).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      expect((await c.del(`${BASE}/${other.id}`)).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      // 2. a batch with one foreign id deletes nothing
      expect((await c.post(`${BASE}/Actions/BatchDelete`, { ids: [row['A-2']!.id, other.id] })).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      // 3. a create or an edit that would put a row into another department is refused
      expect((await c.post(BASE, { title: '越界', departId: depart.B })).body.error).toBe('CL_ERR_DATA_SCOPE_OUTSIDE');
      const moved = await c.put(`${BASE}/${row['A-2']!.id}`, { departId: depart.B, version: row['A-2']!.version });
      expect(moved.body).toMatchObject({ error: 'CL_ERR_DATA_SCOPE_OUTSIDE', msg: '该数据超出您的数据权限范围，不能保存' });
      // 4. nothing changed
      expect((await admin.get(`${BASE}/${other.id}`)).body.data).toMatchObject({ title: 'B-1', state: 1, version: other.version });
      expect((await admin.get(`${BASE}/${row['A-2']!.id}`)).body.data).toMatchObject({ departId: depart.A, version: row['A-2']!.version });
      expect((await titles(admin, { keyword: '越界' })).total).toBe(0);
      // 5. inside the scope everything works
      const mine = await c.post(BASE, { title: 'A-new', departId: depart.A });
      expect(mine.body.code).toBe(200);
      expect((await c.put(`${BASE}/${mine.body.data.id}/Actions/State`)).body.data).toMatchObject({ state: 0 });
      expect((await c.del(`${BASE}/${mine.body.data.id}`)).body.code).toBe(200);
    });

    it('never serves a total cached in one scope to another', async () => {
      const { c } = await userWith([[await newRule({ kind: 'department' })]], [depart.B]);
      for (let round = 0; round < 2; round++) {
        expect((await titles(admin, { keyword: '-' })).total).toBe(4);
        expect(await titles(c, { keyword: '-' })).toEqual({ titles: ['B-1'], total: 1 });
      }
      const page = async (who: Client) => (await who.get(BASE, { pageSize: 1, keyword: '-' })).body.data.pagination.total;
      expect([await page(c), await page(admin), await page(c)]).toEqual([1, 4, 1]);
    });

    it('own records, department tree, and a field rule with a value from the user', async () => {
      const own = await userWith([[await newRule({ kind: 'own' })]], [depart.A]);
      expect((await own.c.post(BASE, { title: 'mine', departId: depart.B, category: 'z' })).body.code).toBe(200);
      expect(await titles(own.c)).toEqual({ titles: ['mine'], total: 1 });

      const tree = await userWith([[await newRule({ kind: 'departmentTree' })]], [depart.A]);
      expect((await titles(tree.c, { keyword: '-' })).titles).toEqual(['A-1', 'A-2', 'A1-1']);

      const handler = await userWith([[await newRule({ kind: 'field', field: 'handler', operator: 'eq', valueFrom: 'user.username' })]], []);
      await admin.post(BASE, { title: 'handled', handler: handler.username, category: 'z' });
      expect(await titles(handler.c)).toEqual({ titles: ['handled'], total: 1 });
    });

    it('ANDs the rules of one role and ORs the roles', async () => {
      const dep = await newRule({ kind: 'department' });
      const catX = await newRule({ kind: 'field', field: 'category', operator: 'eq', value: 'x' });
      const both = await userWith([[dep, catX]], [depart.A]);
      expect((await titles(both.c, { keyword: '-' })).titles).toEqual(['A-1']);
      const either = await userWith([[dep], [catX]], [depart.B]);
      expect((await titles(either.c, { keyword: '-' })).titles).toEqual(['A-1', 'A1-1', 'B-1']);
      // a role without rules on the model reaches every row
      const unrestricted = await userWith([[dep], []], [depart.B]);
      expect((await titles(unrestricted.c, { keyword: '-' })).total).toBe(4);
      // an "all" rule reaches every row, with or without another role's department rule beside it
      const all = await newRule({ kind: 'all' });
      const everything = await userWith([[all], [dep]], [depart.B]);
      expect((await titles(everything.c, { keyword: '-' })).titles).toEqual(['A-1', 'A-2', 'A1-1', 'B-1']);
      const allAlone = await userWith([[all]], []);
      expect((await titles(allAlone.c, { keyword: '-' })).total).toBe(4);
    });

    it('fails closed: a department rule for a user without departments matches nothing', async () => {
      const { c } = await userWith([[await newRule({ kind: 'department' })]], []);
      expect(await titles(c)).toEqual({ titles: [], total: 0 });
      expect((await c.post(BASE, { title: '无部门' })).body.error).toBe('CL_ERR_DATA_SCOPE_OUTSIDE');
    });

    it('applies a rule change on the next request (disabling a rule lifts it)', async () => {
      const ruleId = await newRule({ kind: 'department' });
      const { c } = await userWith([[ruleId]], [depart.B]);
      expect((await titles(c, { keyword: '-' })).total).toBe(1);
      expect((await admin.put('/sys/dataRule/editState', { id: ruleId })).body).toMatchObject({ success: true });
      expect((await titles(c, { keyword: '-' })).total).toBe(4);
    });

    it('validates a rule on save against the model it names', async () => {
      const save = (rule: Rule) => admin.post('/sys/dataRule/add', { name: 'bad', modelId: 'scopefixture.case', ...rule });
      expect((await save({ kind: 'field', field: 'nope', operator: 'eq', value: '1' })).body).toMatchObject({
        success: false,
        error: 'CL_ERR_DATA_RULE_FIELD_UNKNOWN',
      });
      expect((await save({ kind: 'field', field: 'amount', operator: 'eq', value: 'many' })).body.error).toBe('CL_ERR_DATA_RULE_VALUE_INVALID');
      expect((await save({ kind: 'field', field: 'title', operator: 'eq' })).body.error).toBe('CL_ERR_DATA_RULE_INCOMPLETE');
      expect((await save({ kind: 'own', modelId: 'nobody.model' })).body.error).toBe('CL_ERR_DATA_RULE_MODEL_UNKNOWN');
      expect((await save({ kind: 'department', modelId: 'system.dataRule' })).body.error).toBe('CL_ERR_DATA_RULE_NO_DEPARTMENT');
      const ok = await save({ kind: 'own', field: 'title', operator: 'eq', value: 'stray' });
      expect(ok.body.result).toMatchObject({ kind: 'own', field: null, operator: null, value: null });
      const edit = await admin.put('/sys/dataRule/edit', { id: ok.body.result.id, kind: 'field', version: 1 });
      expect(edit.body.error).toBe('CL_ERR_DATA_RULE_INCOMPLETE');
      expect((await admin.post('/sys/roleDataRule/add', { roleId: 'no-such-role', ruleId: ok.body.result.id })).body.error).toBe(
        'CL_ERR_DATA_RULE_GRANT_INVALID',
      );
    });

    it('a named operation: its own permission, the scope on its record, one transaction for its hook', async () => {
      const close = (c: Client, title: string, body: object = {}) => c.put(`${BASE}/${row[title]!.id}/Actions/Close`, body);
      const rule = await newRule({ kind: 'department' });
      const without = await userWith(
        [[rule]],
        [depart.A],
        CASE_CODES.filter((code) => !code.endsWith(':close')),
      );
      expect((await close(without.c, 'A-1')).body).toMatchObject({ code: 403, error: 'CL_ERR_NO_PERMISSION' });
      const { c, username } = await userWith([[rule]], [depart.A]);
      // another department's record is not found, and stays as it was
      expect((await close(c, 'B-1')).body).toMatchObject({ error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect((await admin.get(`${BASE}/${row['B-1']!.id}`)).body.data).toMatchObject({ state: 1, handler: null, version: row['B-1']!.version });
      // a hook that refuses after writing: its write is rolled back
      const before = (await admin.get(`${BASE}/${row['A-1']!.id}`)).body.data;
      expect((await close(c, 'A-1', { refuse: true })).body).toMatchObject({ error: 'CL_ERR_VALIDATION', msg: '不能关闭' });
      expect((await admin.get(`${BASE}/${row['A-1']!.id}`)).body.data).toMatchObject({ state: before.state, handler: before.handler, version: before.version });
      // allowed: the hook's answer is the data, its write is committed
      expect((await close(c, 'A-1')).body).toMatchObject({ code: 200, data: { closed: 'A-1' } });
      expect((await admin.get(`${BASE}/${row['A-1']!.id}`)).body.data).toMatchObject({ state: 0, handler: username, version: before.version + 1 });
    });

    it('exports only the rows of the scope', async () => {
      const { token } = await userWith([[await newRule({ kind: 'department' })]], [depart.A]);
      const exportTitles = async (as: string) => {
        const res = await t.request({ method: 'GET', url: `${BASE}/Actions/Export`, token: as });
        expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
        const rows = [...(await readWorkbook(res.rawPayload)).sheets.values()][0]!;
        const column = rows[0]!.indexOf('标题');
        return rows
          .slice(1)
          .map((r) => String(r[column]))
          .filter((title) => title.includes('-'))
          .sort();
      };
      expect(await exportTitles(token)).toEqual(['A-1', 'A-2']);
      expect(await exportTitles(await t.login())).toEqual(['A-1', 'A-2', 'A1-1', 'B-1']);
    });

    it('refuses an import with a row for another department, all or nothing', async () => {
      const { token } = await userWith([[await newRule({ kind: 'department' })]], [depart.A]);
      const upload = async (rows: unknown[][]) =>
        (
          await t.request({
            method: 'POST',
            url: `${BASE}/Actions/Import`,
            token,
            ...multipart('file', 'cases.xlsx', await workbookOf([['标题', '部门'], ...rows])),
          })
        ).json();
      const mixed = await upload([
        ['导入甲', depart.A],
        ['导入乙', depart.B],
      ]);
      expect(mixed).toMatchObject({ code: 201, data: { totalCount: 2, errorCount: 1, successCount: 0 } });
      expect((await titles(admin, { keyword: '导入' })).total).toBe(0);
      const own = await upload([['导入丙', depart.A]]);
      expect(own).toMatchObject({ code: 200, data: { successCount: 1 } });
      const imported = (await admin.get(BASE, { keyword: '导入' })).body.data.list;
      expect(imported.map((r: { title: string; departId: string }) => [r.title, r.departId])).toEqual([['导入丙', depart.A]]);
      // the suite's other cases count department A's rows
      expect((await admin.del(`${BASE}/${imported[0].id}`)).body.code).toBe(200);
    });
  });
});
