import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { insertRole } from '../helpers/testRows.js';
import { client, userWith, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const RULES = '/api/system/BillRule';
const USERS = '/api/permission/Users';

interface Change {
  field: string;
  label: string;
  before: unknown;
  after: unknown;
}

describe.each(matrix)('$kind: data change log and recycle bin (/sys/dataLog, /sys/recycleBin)', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let serial = 0;
    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
    });
    afterAll(async () => {
      await t?.close();
    });
    const logOf = async (dataId: string) =>
      (await admin.get('/sys/dataLog/list', { dataId, column: 'createTime', order: 'asc', pageSize: 50 })).body.result.records as {
        action: string;
        modelId: string;
        dataVersion: number;
        changes: Change[];
        createBy: string;
      }[];
    const newUser = async () => {
      const username = `bin${process.pid}x${++serial}`;
      const res = await admin.post(USERS, { username, realname: `回收${serial}`, password: 'Passw0rd1' });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
      return { id: res.body.data.id as string, username };
    };

    it('logs create, update, state change and delete of a model that asks for it, field by field, in the write transaction', async () => {
      const rule = (await admin.post(RULES, { fullName: '变更日志', enCode: 'CHG', prefix: 'A', digit: 4 })).body.data;
      await admin.put(`${RULES}/${rule.id}`, { prefix: 'B', version: rule.version });
      await admin.put(`${RULES}/${rule.id}`, { prefix: 'B', version: rule.version + 1 });
      await admin.put(`${RULES}/${rule.id}/Actions/State`);
      await admin.del(`${RULES}/${rule.id}`);
      const log = await logOf(rule.id);
      expect(log.map((e) => [e.action, e.modelId])).toEqual([
        ['create', 'system.billRule'],
        ['update', 'system.billRule'],
        ['update', 'system.billRule'],
        ['delete', 'system.billRule'],
      ]);
      // an update that changed nothing logs nothing; every entry names who wrote it
      expect(log[1]!.changes).toEqual([{ field: 'prefix', label: '前缀', before: 'A', after: 'B' }]);
      expect(log[2]!.changes).toEqual([{ field: 'enabledMark', label: '状态', before: 1, after: 0 }]);
      expect(log[0]!.changes.find((c) => c.field === 'enCode')).toEqual({ field: 'enCode', label: '规则编码', before: null, after: 'CHG' });
      expect(log[3]!.changes.find((c) => c.field === 'prefix')).toMatchObject({ before: 'B', after: null });
      expect(log.every((e) => e.createBy === 'admin')).toBe(true);
      // the version the record had when it was deleted (an update that changed nothing still counts one)
      expect(log[3]!.dataVersion).toBe(4);
      // a refused write leaves no entry
      expect((await admin.post(RULES, { fullName: '变更日志', enCode: 'bad code!' })).body.code).toBe(401);
      const detail = (await admin.get('/sys/dataLog/queryById', { id: (await admin.get('/sys/dataLog/list', { dataId: rule.id })).body.result.records[0].id }))
        .body;
      expect(detail).toMatchObject({ success: true, result: { dataId: rule.id } });
    });

    it('never logs a secret field', async () => {
      const user = await newUser();
      const log = await logOf(user.id);
      expect(log.map((e) => e.action)).toEqual(['create']);
      const fields = log[0]!.changes.map((c) => c.field);
      expect(fields).toContain('username');
      expect(fields).not.toContain('password');
      expect(fields).not.toContain('salt');
      expect(JSON.stringify(log)).not.toContain('Passw0rd1');
    });

    it('keeps a deleted user in the recycle bin, restores it whole (roles and password) and purges it with its link rows', async () => {
      const db = t.app.ctx.db.db;
      const user = await newUser();
      const roleId = await insertRole(db, `binrole${serial}`);
      expect((await admin.post('/api/permission/UserRole', { userId: user.id, roleId })).body.code).toBe(200);
      const token = await t.login(user.username, 'Passw0rd1');
      expect((await admin.del(`${USERS}/${user.id}`)).body.code).toBe(200);
      await expect(t.login(user.username, 'Passw0rd1')).rejects.toThrow();
      expect((await t.request({ method: 'GET', url: '/sys/permission/getUserPermissionByToken', token })).statusCode).toBe(401);

      const bin = (await admin.get('/sys/recycleBin/list', { modelId: 'system.user', keyword: user.username })).body.result;
      expect(bin.total).toBe(1);
      expect(bin.records[0]).toMatchObject({ modelId: 'system.user', recordId: user.id, recordLabel: user.username, createBy: 'admin' });
      const restored = await admin.put('/sys/recycleBin/restore', undefined, { id: bin.records[0].id });
      expect(restored.body).toMatchObject({ success: true, result: { id: user.id, modelId: 'system.user' } });
      expect((await admin.get(`${USERS}/${user.id}`)).body.data).toMatchObject({ id: user.id, username: user.username });
      expect(await t.login(user.username, 'Passw0rd1')).toBeTruthy();
      // the old session stays ended
      expect((await t.request({ method: 'GET', url: '/sys/permission/getUserPermissionByToken', token })).statusCode).toBe(401);
      const roles = await sql<{ n: string }>`select count(*) as n from sys_user_role where user_id = ${user.id}`.execute(db);
      expect(Number(roles.rows[0]!.n)).toBe(1);
      expect((await admin.get('/sys/recycleBin/list', { keyword: user.username })).body.result.total).toBe(0);

      await admin.del(`${USERS}/${user.id}`);
      const again = (await admin.get('/sys/recycleBin/list', { keyword: user.username })).body.result.records[0];
      expect((await admin.del('/sys/recycleBin/purge', { id: again.id })).body).toMatchObject({ success: true });
      const left = await sql<{ n: string }>`select count(*) as n from sys_user_role where user_id = ${user.id}`.execute(db);
      expect(Number(left.rows[0]!.n)).toBe(0);
      expect((await admin.get('/sys/recycleBin/list', { keyword: user.username })).body.result.total).toBe(0);
      expect((await admin.put('/sys/recycleBin/restore', undefined, { id: again.id })).body).toMatchObject({
        success: false,
        error: 'CL_ERR_RECORD_NOT_FOUND',
      });
    });

    it("keeps a deleted account's password hash and salt out of the bin's list and detail, and still restores them", async () => {
      const user = await newUser();
      await admin.del(`${USERS}/${user.id}`);
      const list = await admin.get('/sys/recycleBin/list', { keyword: user.username });
      const row = list.body.result.records[0];
      expect(row.data).toMatchObject({ id: user.id, username: user.username });
      const detail = await admin.get('/sys/recycleBin/queryById', { id: row.id });
      expect(detail.body).toMatchObject({ success: true, result: { id: row.id } });
      for (const answer of [row, detail.body.result]) {
        expect(Object.keys(answer.data)).not.toContain('password');
        expect(Object.keys(answer.data)).not.toContain('salt');
        expect(answer).not.toHaveProperty('secretData');
        expect(JSON.stringify(answer)).not.toContain('scrypt');
      }
      expect((await admin.put('/sys/recycleBin/restore', undefined, { id: row.id })).body).toMatchObject({ success: true });
      expect(await t.login(user.username, 'Passw0rd1')).toBeTruthy();
    });

    it('moves the secrets of rows kept whole before (a hash in data) out of data at the next start', async () => {
      const user = await newUser();
      await admin.del(`${USERS}/${user.id}`);
      const db = t.app.ctx.db.db.withoutPlugins();
      // the row as the bin kept it before secrets were kept apart: every column in data, no secret_data
      const kept = await sql<{ id: string; data: unknown; secret_data: unknown }>`select id, data, secret_data from sys_recycle_bin
        where record_id = ${user.id}`.execute(db);
      const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
      const whole = { ...json(kept.rows[0]!.data), ...json(kept.rows[0]!.secret_data) };
      expect(String(whole.password)).toContain('scrypt');
      await sql`update sys_recycle_bin set data = ${JSON.stringify(whole)}, secret_data = null where id = ${kept.rows[0]!.id}`.execute(db);
      expect(JSON.stringify((await admin.get('/sys/recycleBin/list', { keyword: user.username })).body)).toContain('scrypt');

      const restarted = await createTestApp(kind, { database: t.database });
      try {
        const again = client(restarted, await restarted.login());
        const row = (await again.get('/sys/recycleBin/list', { keyword: user.username })).body.result.records[0];
        expect(row.data).toMatchObject({ id: user.id, username: user.username });
        expect(JSON.stringify(row)).not.toContain('scrypt');
        expect((await again.put('/sys/recycleBin/restore', undefined, { id: row.id })).body).toMatchObject({ success: true });
        expect(await restarted.login(user.username, 'Passw0rd1')).toBeTruthy();
      } finally {
        await restarted.close();
      }
    });

    it('refuses a restore whose unique values were taken meanwhile, and leaves the bin as it was', async () => {
      const user = await newUser();
      await admin.del(`${USERS}/${user.id}`);
      const again = await admin.post(USERS, { username: user.username, realname: '同名', password: 'Passw0rd1' });
      expect(again.body.code).toBe(200);
      const row = (await admin.get('/sys/recycleBin/list', { keyword: user.username })).body.result.records[0];
      const refused = await admin.put('/sys/recycleBin/restore', undefined, { id: row.id });
      expect(refused.body).toMatchObject({ success: false });
      expect(['CL_ERR_RECORD_DUPLICATE', 'CL_ERR_VALIDATION']).toContain(refused.body.error);
      expect((await admin.get('/sys/recycleBin/list', { keyword: user.username })).body.result.total).toBe(1);
    });

    it("restores and purges only for holders of the deleted record's own delete permission, answering like an unknown id", async () => {
      const user = await newUser();
      await admin.del(`${USERS}/${user.id}`);
      const row = (await admin.get('/sys/recycleBin/list', { keyword: user.username })).body.result.records[0];
      const binOnly = await userWith(t, ['system:recycleBin:list', 'system:recycleBin:restore', 'system:recycleBin:purge']);
      const unknown = await binOnly.put('/sys/recycleBin/restore', undefined, { id: 'no-such-bin-row' });
      const refused = await binOnly.put('/sys/recycleBin/restore', undefined, { id: row.id });
      expect(refused.body).toMatchObject({ success: false, error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect(refused.body.error).toBe(unknown.body.error);
      expect((await binOnly.del('/sys/recycleBin/purge', { id: row.id })).body).toMatchObject({ success: false, error: 'CL_ERR_RECORD_NOT_FOUND' });
      // nothing was put back or purged by the refused calls
      expect((await admin.get(`${USERS}/${user.id}`)).body.data).toBeFalsy();
      expect((await admin.get('/sys/recycleBin/list', { keyword: user.username })).body.result.total).toBe(1);
      // (and its list permission: an entry of a model the caller may not list is not reached at all, historyAccess.test.ts)
      const withDelete = await userWith(t, [
        'system:recycleBin:list',
        'system:recycleBin:restore',
        'system:recycleBin:purge',
        'system:user:delete',
        'system:user:list',
      ]);
      expect((await withDelete.put('/sys/recycleBin/restore', undefined, { id: row.id })).body).toMatchObject({ success: true });
      expect((await admin.get(`${USERS}/${user.id}`)).body.data).toMatchObject({ id: user.id });
    });

    it('refuses callers without the permission, bad input and other tenants', async () => {
      const user = await newUser();
      await admin.del(`${USERS}/${user.id}`);
      const row = (await admin.get('/sys/recycleBin/list', { keyword: user.username })).body.result.records[0];
      const lister = await userWith(t, ['system:recycleBin:list', 'system:dataLog:list', 'system:user:list']);
      expect((await lister.get('/sys/recycleBin/list')).body.result.total).toBeGreaterThanOrEqual(1);
      expect((await lister.put('/sys/recycleBin/restore', undefined, { id: row.id })).body).toMatchObject({ success: false, code: 510 });
      expect((await lister.del('/sys/recycleBin/purge', { id: row.id })).body).toMatchObject({ success: false, code: 510 });
      const nobody = await userWith(t, []);
      expect((await nobody.get('/sys/dataLog/list')).body).toMatchObject({ success: false, code: 510 });
      const other = await userWith(t, ['system:recycleBin:list', 'system:recycleBin:restore', 'system:dataLog:list', 'system:user:list'], { tenantId: 2 });
      expect((await other.get('/sys/recycleBin/list')).body.result.total).toBe(0);
      expect((await other.put('/sys/recycleBin/restore', undefined, { id: row.id })).body).toMatchObject({ success: false, error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect((await other.get('/sys/dataLog/list', { dataId: user.id })).body.result.total).toBe(0);
      expect((await admin.put('/sys/recycleBin/restore', undefined, { id: row.id, x: '1' })).status).toBe(400);
      expect((await admin.put('/sys/recycleBin/restore')).status).toBe(400);
      // the log and the bin are written by the engine only
      expect((await admin.post('/sys/dataLog/add', { modelId: 'x', dataId: 'y', action: 'create' })).status).toBe(404);
      expect((await admin.post('/sys/recycleBin/add', { modelId: 'x', recordId: 'y' })).status).toBe(404);
    });
  });
});
