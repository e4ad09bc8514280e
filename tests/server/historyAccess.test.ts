import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { grant, insertRole, insertUser } from '../helpers/testRows.js';
import { client, userWith, type Client } from './engineSupport.js';
import { readWorkbook } from './xlsxSupport.js';

const matrix = await databaseMatrix();
const USERS = '/api/permission/Users';
const BIN = ['system:recycleBin:list', 'system:recycleBin:restore', 'system:recycleBin:purge'];
const LOG = ['system:dataLog:list', 'system:dataLog:export'];

/** one field's change in an entry of the change log */
type Change = { field: string };

/**
 * The recycle bin and the data change log show other models' records: an entry is the target record's,
 * so it follows the target model's rules: its list permission, the caller's data scope on it, and the
 * fields the caller's roles hide there. An entry the caller may not reach answers exactly like an unknown id.
 */
describe.each(matrix)('$kind: the recycle bin and the change log follow the target model', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let seq = 0;
    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
    });
    afterAll(async () => {
      await t?.close();
    });

    const name = (prefix: string) => `${prefix}${process.pid}x${++seq}`;
    /** a user created through the API (so the log has its create entry), optionally in an organisation */
    async function newUser(orgCode?: string, realname = name('实名')): Promise<{ id: string; username: string; realname: string }> {
      const username = name('ha');
      const res = await admin.post(USERS, { username, realname, password: 'Passw0rd1' });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
      const id = res.body.data.id as string;
      if (orgCode) await sql`update sys_user set org_code = ${orgCode} where id = ${id}`.execute(t.app.ctx.db.db);
      return { id, username, realname };
    }
    const deleted = async (user: { id: string; username: string }) => {
      expect((await admin.del(`${USERS}/${user.id}`)).body.code).toBe(200);
      const bin = (await admin.get('/sys/recycleBin/list', { keyword: user.username })).body.result;
      expect(bin.total).toBe(1);
      return bin.records[0].id as string;
    };
    const logIds = async (dataId: string) =>
      ((await admin.get('/sys/dataLog/list', { dataId, pageSize: 50 })).body.result.records as { id: string }[]).map((r) => r.id);
    const exported = async (token: string, ids: string[]) => {
      const res = await t.request({ method: 'GET', url: '/sys/dataLog/exportXls', token, query: { selections: ids.join(',') } });
      expect(res.statusCode).toBe(200);
      const book = await readWorkbook(res.rawPayload);
      return [...book.sheets.values()][0]!.slice(1);
    };
    /** what a data interface running this configured SQL answers the caller */
    async function configuredSql(api: Client, query: string): Promise<string> {
      const created = await admin.post('/api/system/DataInterface', {
        fullName: 'history',
        enCode: `sql.${name('ha')}`,
        categoryId: 'base',
        enabledMark: 1,
        dataType: 1,
        query,
      });
      expect(created.body.code, JSON.stringify(created.body)).toBe(200);
      const answer = (await api.get(`/api/system/DataInterface/${created.body.data.id}/Actions/Response`)).body;
      expect(answer.code, JSON.stringify(answer)).toBe(200);
      return JSON.stringify(answer.data);
    }
    async function roleUser(codes: string[]): Promise<{ roleId: string; api: Client; token: string }> {
      const db = t.app.ctx.db.db;
      const roleId = await insertRole(db, name('harole'));
      await grant(
        db,
        roleId,
        codes.map((c) => `btn:${c}`),
      );
      const username = name('hau');
      await insertUser(db, { username, password: 'Passw0rd1', roleIds: [roleId] });
      const token = await t.login(username, 'Passw0rd1');
      return { roleId, api: client(t, token), token };
    }

    it("shows, restores and purges an entry only for holders of the target model's list permission", async () => {
      const user = await newUser();
      const binId = await deleted(user);
      const entries = await logIds(user.id);
      expect(entries.length).toBe(2);
      const withoutList = await roleUser([...BIN, ...LOG, 'system:user:delete']);
      const api = withoutList.api;
      const unknown = (await api.get('/sys/recycleBin/queryById', { id: 'no-such-entry' })).body;
      expect(unknown).toMatchObject({ success: false, error: 'CL_ERR_RECORD_NOT_FOUND' });

      expect((await api.get('/sys/recycleBin/list', { keyword: user.username })).body.result.total).toBe(0);
      expect((await api.get('/sys/recycleBin/list', { modelId: 'system.user' })).body.result.total).toBe(0);
      const same = (body: Record<string, unknown>) => ({ ...body, requestId: expect.any(String), timestamp: expect.any(Number) });
      expect((await api.get('/sys/recycleBin/queryById', { id: binId })).body).toEqual(same(unknown));
      expect((await api.put('/sys/recycleBin/restore', undefined, { id: binId })).body).toMatchObject({ success: false, error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect((await api.del('/sys/recycleBin/purge', { id: binId })).body).toMatchObject({ success: false, error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect((await api.get('/sys/dataLog/list', { dataId: user.id })).body.result.total).toBe(0);
      expect((await api.get('/sys/dataLog/list', { modelId: 'system.user' })).body.result.total).toBe(0);
      expect((await api.get('/sys/dataLog/queryById', { id: entries[0]! })).body).toMatchObject({ success: false, error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect(await exported(withoutList.token, entries)).toEqual([]);
      // the entry is still there, and the other models' entries are still shown
      expect((await admin.get('/sys/recycleBin/list', { keyword: user.username })).body.result.total).toBe(1);
      const rule = (await admin.post('/api/system/BillRule', { fullName: name('规则'), enCode: name('HA'), prefix: 'A', digit: 4 })).body.data;
      const ruleLog = await (await roleUser([...LOG, 'system:billRule:list'])).api.get('/sys/dataLog/list', { dataId: rule.id });
      expect(ruleLog.body.result.total).toBe(1);

      // with the list permission the same caller reaches it
      const withList = await roleUser([...BIN, ...LOG, 'system:user:delete', 'system:user:list']);
      expect((await withList.api.get('/sys/recycleBin/queryById', { id: binId })).body.result).toMatchObject({ recordId: user.id });
      expect((await withList.api.get('/sys/dataLog/list', { dataId: user.id })).body.result.total).toBe(2);
      expect(await exported(withList.token, entries)).toHaveLength(2);
      expect((await withList.api.put('/sys/recycleBin/restore', undefined, { id: binId })).body).toMatchObject({ success: true });
    });

    it("shows, restores and purges only the entries of rows in the caller's data scope on the target model", async () => {
      const mine = name('HAMINE');
      const theirs = name('HATHEIRS');
      const rule = await admin.post('/sys/dataRule/add', {
        name: name('one org '),
        modelId: 'system.user',
        kind: 'field',
        field: 'orgCode',
        operator: 'eq',
        value: mine,
      });
      expect(rule.body).toMatchObject({ success: true });
      const scoped = await roleUser([...BIN, ...LOG, 'system:user:list', 'system:user:delete']);
      expect((await admin.post('/sys/roleDataRule/add', { roleId: scoped.roleId, ruleId: rule.body.result.id })).body).toMatchObject({ success: true });
      const api = scoped.api;

      const near = await newUser(mine);
      const far = await newUser(theirs);
      const nearBin = await deleted(near);
      const farBin = await deleted(far);
      const bin = (await api.get('/sys/recycleBin/list', { modelId: 'system.user', pageSize: 100 })).body.result.records.map((r: { id: string }) => r.id);
      expect(bin).toContain(nearBin);
      expect(bin).not.toContain(farBin);
      expect((await api.get('/sys/recycleBin/list', { keyword: far.username })).body.result.total).toBe(0);
      expect((await api.get('/sys/recycleBin/queryById', { id: farBin })).body).toMatchObject({ success: false, error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect((await api.del('/sys/recycleBin/purge', { id: farBin })).body).toMatchObject({ success: false, error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect((await api.get('/sys/recycleBin/queryById', { id: nearBin })).body.result).toMatchObject({ recordId: near.id });

      // the change log of a deleted record: as the bin keeps it
      expect((await api.get('/sys/dataLog/list', { dataId: near.id })).body.result.total).toBe(2);
      expect((await api.get('/sys/dataLog/list', { dataId: far.id })).body.result.total).toBe(0);
      // the change log of records that are there: as the record is now
      const nearLive = await newUser(mine);
      const farLive = await newUser(theirs);
      const farEntries = await logIds(farLive.id);
      expect((await api.get('/sys/dataLog/list', { dataId: farLive.id })).body.result.total).toBe(0);
      expect((await api.get('/sys/dataLog/queryById', { id: farEntries[0]! })).body).toMatchObject({ success: false, error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect(await exported(scoped.token, farEntries)).toEqual([]);
      expect((await api.get('/sys/dataLog/list', { dataId: nearLive.id })).body.result.total).toBe(1);
      expect(await exported(scoped.token, await logIds(nearLive.id))).toHaveLength(1);

      // configured SQL (a data interface) over the bin and the log reads the same entries
      const bins = await configuredSql(api, 'select id, record_id from sys_recycle_bin');
      expect(bins).toContain(nearBin);
      expect(bins).not.toContain(farBin);
      const joined = await configuredSql(api, 'select l.id, l.data_id, u.username from sys_data_log l left join sys_user u on u.id = l.data_id');
      expect(joined).toContain(nearLive.id);
      expect(joined).not.toContain(farLive.id);
      const joinedBin = await configuredSql(api, 'select b.id, u.username from sys_recycle_bin b left join sys_user u on u.id = b.record_id');
      expect(joinedBin).toContain(nearBin);
      expect(joinedBin).not.toContain(farBin);
      const logs = await configuredSql(api, 'select id, data_id from sys_data_log');
      expect(logs).toContain(nearLive.id);
      expect(logs).not.toContain(farLive.id);

      // nothing was purged by the refused call; the entry in scope is restored
      expect((await admin.get('/sys/recycleBin/queryById', { id: farBin })).body.result).toMatchObject({ recordId: far.id });
      expect((await api.put('/sys/recycleBin/restore', undefined, { id: nearBin })).body).toMatchObject({ success: true });
    });

    it("leaves the fields the caller's roles hide on the target model out of the snapshots and the changes", async () => {
      const realname = name('隐藏的名字');
      const user = await newUser(undefined, realname);
      await admin.put(`${USERS}/${user.id}`, { realname: `${realname}改`, version: 1 });
      const binId = await deleted(user);
      const hiding = await roleUser([...BIN, ...LOG, 'system:user:list']);
      const restrict = async (field: string) =>
        expect((await admin.post('/sys/roleField/add', { roleId: hiding.roleId, modelId: 'system.user', field, access: 'hidden' })).body).toMatchObject({
          success: true,
        });
      await restrict('realname');
      const api = hiding.api;

      const row = (await api.get('/sys/recycleBin/list', { keyword: user.username })).body.result.records[0];
      const detail = (await api.get('/sys/recycleBin/queryById', { id: binId })).body.result;
      for (const answer of [row, detail]) {
        expect(answer.data).toMatchObject({ id: user.id, username: user.username });
        expect(Object.keys(answer.data)).not.toContain('realname');
        expect(JSON.stringify(answer)).not.toContain(realname);
      }
      const log = (await api.get('/sys/dataLog/list', { dataId: user.id, pageSize: 50 })).body.result.records as { id: string; changes: Change[] }[];
      expect(log.length).toBeGreaterThanOrEqual(2);
      for (const entry of [...log, (await api.get('/sys/dataLog/queryById', { id: log[0]!.id })).body.result]) {
        expect(entry.changes.map((c: Change) => c.field)).not.toContain('realname');
        expect(JSON.stringify(entry)).not.toContain(realname);
      }
      expect(log.some((e) => e.changes.some((c) => c.field === 'username'))).toBe(true);
      // the open caller still sees it
      expect(JSON.stringify((await admin.get('/sys/dataLog/list', { dataId: user.id })).body)).toContain(realname);

      // nor does configured SQL (a data interface) over the bin or the log read them
      for (const query of ['select id, record_id, data from sys_recycle_bin', 'select id, data_id, changes from sys_data_log']) {
        const answer = await configuredSql(api, query);
        expect(answer).toContain(user.id);
        expect(answer).not.toContain(realname);
      }

      // the bin's label is the username: hidden with it, and not searchable by it
      await restrict('username');
      const again = (await api.get('/sys/recycleBin/list', { modelId: 'system.user', pageSize: 100 })).body.result.records.find(
        (r: { id: string }) => r.id === binId,
      );
      expect(again).toBeTruthy();
      expect(JSON.stringify(again)).not.toContain(user.username);
      expect(JSON.stringify((await api.get('/sys/recycleBin/queryById', { id: binId })).body)).not.toContain(user.username);
      expect((await api.get('/sys/recycleBin/list', { keyword: user.username })).body.result.total).toBe(0);
    });

    it('keeps the bin of a caller with the bin permission alone empty', async () => {
      const user = await newUser();
      await deleted(user);
      const binOnly = await userWith(t, ['system:recycleBin:list', 'system:dataLog:list']);
      expect((await binOnly.get('/sys/recycleBin/list')).body.result.total).toBe(0);
      expect((await binOnly.get('/sys/dataLog/list')).body.result.total).toBe(0);
    });
  });
});
