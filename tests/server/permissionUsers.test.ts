import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { ensureTenant, grant, insertDepart, insertRole, insertUser, tenantAdminRole } from '../helpers/testRows.js';
import { newId } from '../../server/db/ids.js';
import { nowText } from '../../server/db/timestamps.js';
import { client, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const BASE = '/api/permission/Users';
const OTHER_TENANT = 72;
const PASSWORD = 'Passw0rd1';

describe.each(matrix)('$kind: users (/api/permission/Users, spec 001 §7)', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let seq = 0;
    const depart = { A: '', A1: '', B: '', C: '' };
    const user = { a1: '', a2: '', b: '', other: '' };
    const name = (k: string) => `pu${process.pid}${k}`;
    /** the accounts of the fixture users of beforeAll (others are made by single tests, in any order) */
    const fixture = (list: { account: string }[]) => accounts(list).filter((a) => /^pu\d+(a1|a2|b|other)$/.test(a));
    let positionId = '';
    let roleId = '';

    /** A signed-in user whose one role holds these codes (and, optionally, data rules on system.user). */
    async function userWith(codes: string[], ruleIds: string[] = [], tenantIds = [1]): Promise<Client & { id: string; username: string; token: string }> {
      const db = t.app.ctx.db.db;
      const username = name(`x${++seq}`);
      const role = await insertRole(db, `${username}-role`);
      await grant(
        db,
        role,
        codes.map((c) => `btn:${c}`),
      );
      for (const ruleId of ruleIds) expect((await admin.post('/sys/roleDataRule/add', { roleId: role, ruleId })).body).toMatchObject({ success: true });
      const id = await insertUser(db, { username, password: PASSWORD, roleIds: [role], tenantIds });
      const token = await t.login(username, PASSWORD);
      return { ...client(t, token), id, username, token };
    }

    const accounts = (list: { account: string }[]) => list.map((u) => u.account).sort();

    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
      const db = t.app.ctx.db.db;
      await ensureTenant(db, OTHER_TENANT);
      depart.A = await insertDepart(db, `PA${process.pid}`, '检测部');
      depart.A1 = await insertDepart(db, `PA${process.pid}1`, '样品室');
      depart.B = await insertDepart(db, `PB${process.pid}`, '质量部');
      depart.C = await insertDepart(db, `PC${process.pid}`, '别家检测部', OTHER_TENANT);
      await sql`update sys_depart set parent_id = ${depart.A} where id = ${depart.A1}`.execute(db);
      user.a1 = await insertUser(db, { username: name('a1'), password: PASSWORD, departIds: [depart.A] });
      user.a2 = await insertUser(db, { username: name('a2'), password: PASSWORD, departIds: [depart.A1] });
      user.b = await insertUser(db, { username: name('b'), password: PASSWORD, departIds: [depart.B] });
      user.other = await insertUser(db, { username: name('other'), password: PASSWORD, departIds: [depart.C], tenantIds: [OTHER_TENANT] });
      const adminId = (await db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
      await db.insertInto('sysUserTenant').values({ id: newId(), userId: adminId, tenantId: OTHER_TENANT, createTime: nowText() }).execute();
      await tenantAdminRole(db, OTHER_TENANT, adminId);
      await sql`update sys_user set manager_id = ${adminId} where id in (${user.a1}, ${user.b})`.execute(db);
      const position = await admin.post('/api/permission/Position', { fullName: '检测员', enCode: `P${process.pid}`, organizeId: depart.A });
      positionId = position.body.data.id;
      expect((await admin.post('/api/permission/UserPosition', { userId: user.a1, positionId })).body.code).toBe(200);
      roleId = await insertRole(db, name('role'));
      for (const userId of [user.a1, user.b]) expect((await admin.post('/api/permission/UserRole', { userId, roleId })).body.code).toBe(200);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('lists All and ImUser of the tenant only, as user options', async () => {
      const all = await admin.get(`${BASE}/All`);
      expect(all.body.code).toBe(200);
      const mine = all.body.data.list;
      expect(fixture(mine)).toEqual([name('a1'), name('a2'), name('b')]);
      expect(mine.find((u: { id: string }) => u.id === user.a1)).toEqual({
        id: user.a1,
        fullName: `${name('a1')}/${name('a1')}`,
        account: name('a1'),
        realName: name('a1'),
        type: 'user',
        enabledMark: 1,
      });
      const im = await admin.get(`${BASE}/ImUser`, { keyword: name('a'), currentPage: 1, pageSize: 1 });
      // a1 and a2 match; no other test makes an account starting with <prefix>a
      expect(im.body.data.pagination).toEqual({ currentPage: 1, pageSize: 1, total: 2 });
      expect(im.body.data.list).toHaveLength(1);
      const elsewhere = client(t, await t.login(), { tenant: OTHER_TENANT });
      expect(fixture((await elsewhere.get(`${BASE}/All`)).body.data.list)).toEqual([name('other')]);
    });

    it('answers the department and user tree (Selector, ImUser/Selector)', async () => {
      const tree = (await admin.get(`${BASE}/Selector`)).body.data.list;
      const a = tree.find((n: { id: string }) => n.id === depart.A);
      expect(a).toMatchObject({ type: 'department', fullName: '检测部', hasChildren: true });
      expect(a.children.map((c: { type: string; id: string }) => [c.type, c.id])).toEqual([
        ['department', depart.A1],
        ['user', user.a1],
      ]);
      expect(tree.some((n: { id: string }) => n.id === depart.C)).toBe(false);
      const top = (await admin.post(`${BASE}/ImUser/Selector/0`, {})).body.data.list;
      expect(top.map((n: { id: string }) => n.id)).toEqual(expect.arrayContaining([depart.A, depart.B]));
      expect(top.map((n: { id: string }) => n.id)).not.toContain(depart.A1);
      const inA = (await admin.post(`${BASE}/ImUser/Selector/${depart.A}`, {})).body.data.list;
      expect(inA.map((n: { id: string }) => n.id)).toEqual([depart.A1, user.a1]);
      const found = (await admin.post(`${BASE}/ImUser/Selector/0`, { keyword: name('a2') })).body.data.list;
      expect(found.map((n: { id: string }) => n.id)).toEqual([user.a2]);
    });

    it('finds users by ids, subordinates, organisation, position, role and role within an organisation', async () => {
      const byIds = await admin.post(`${BASE}/getUserList`, { userId: [user.b, user.other, user.a1] });
      // the other tenant's user is left out; the order asked is kept
      expect(byIds.body.data.list.map((u: { id: string }) => u.id)).toEqual([user.b, user.a1]);
      expect(accounts((await admin.post(`${BASE}/getSubordinates`, {})).body.data.list)).toEqual([name('a1'), name('b')]);
      expect(accounts((await admin.post(`${BASE}/getSubordinates`, { keyword: 'B' })).body.data.list)).toEqual([name('b')]);
      const org = await admin.get(`${BASE}/getOrganization`, { userId: user.a2 });
      expect(org.body.data.list).toEqual([{ id: depart.A1, fullName: '检测部/样品室', orgCode: `PA${process.pid}1` }]);
      expect(accounts((await admin.get(`${BASE}/GetUsersByPositionId`, { positionId })).body.data.list)).toEqual([name('a1')]);
      expect(accounts((await admin.get(`${BASE}/getUsersByRoleId`, { roleId })).body.data.list)).toEqual([name('a1'), name('b')]);
      const inOrg = await admin.get(`${BASE}/GetUsersByRoleOrgId`, { roleId, organizeId: depart.A });
      expect(accounts(inOrg.body.data.list)).toEqual([name('a1')]);
    });

    it('refuses each call without its permission code', async () => {
      const lister = await userWith(['system:user:list']);
      expect((await lister.get(`${BASE}/All`)).body.code).toBe(200);
      for (const [method, url] of [
        ['GET', `${BASE}/Selector`],
        ['GET', `${BASE}/ImUser`],
        ['POST', `${BASE}/ImUser/Selector/0`],
        ['POST', `${BASE}/getUserList`],
        ['GET', `${BASE}/GetUsersByPositionId?positionId=x`],
        ['POST', `${BASE}/${user.b}/Actions/ResetPassword`],
        ['PUT', `${BASE}/${user.b}/Actions/unlock`],
        ['GET', `${BASE}/ExportExcel`],
        ['GET', `${BASE}/TemplateDownload`],
        ['POST', `${BASE}/getSubordinates`],
        ['GET', `${BASE}/getOrganization?userId=${user.a1}`],
        ['GET', `${BASE}/getUsersByRoleId?roleId=${roleId}`],
        ['GET', `${BASE}/GetUsersByRoleOrgId?roleId=${roleId}&organizeId=${depart.A}`],
        ['GET', `${BASE}/ImportPreview`],
        ['POST', `${BASE}/ImportData`],
        ['POST', `${BASE}/ExportExceptionData`],
        ['POST', BASE],
        ['PUT', `${BASE}/${user.b}`],
        ['PUT', `${BASE}/${user.b}/Actions/State`],
        ['DELETE', `${BASE}/${user.b}`],
      ] as const) {
        const res = await t.request({ method, url, token: lister.token, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      const picker = await userWith(['system:user:select']);
      expect((await picker.get(`${BASE}/All`)).status).toBe(403);
      expect((await picker.get(`${BASE}/Selector`)).body.code).toBe(200);
    });

    it('applies the data scope on users: a role limited to its own account sees only itself', async () => {
      const rule = await admin.post('/sys/dataRule/add', {
        name: name('self'),
        modelId: 'system.user',
        kind: 'field',
        field: 'username',
        operator: 'eq',
        valueFrom: 'user.username',
      });
      expect(rule.body).toMatchObject({ success: true });
      const me = await userWith(['system:user:list', 'system:user:select', 'system:user:resetPassword'], [rule.body.result.id]);
      expect(accounts((await me.get(`${BASE}/All`)).body.data.list)).toEqual([me.username]);
      expect((await me.post(`${BASE}/getUserList`, { userId: [user.a1, me.id] })).body.data.list.map((u: { id: string }) => u.id)).toEqual([me.id]);
      expect((await me.post(`${BASE}/${user.a1}/Actions/ResetPassword`, { userPassword: 'Fresh1234x', validatePassword: 'Fresh1234x' })).body).toMatchObject({
        code: 400,
        error: 'CL_ERR_RECORD_NOT_FOUND',
      });
    });

    it('resets a password: policy checked, sessions ended, a change asked at the next sign-in', async () => {
      const db = t.app.ctx.db.db;
      const id = await insertUser(db, { username: name('reset'), password: PASSWORD });
      const token = await t.login(name('reset'), PASSWORD);
      expect((await admin.post(`${BASE}/${id}/Actions/ResetPassword`, { userPassword: 'abc', validatePassword: 'abc' })).body).toMatchObject({
        code: 401,
        error: 'CL_ERR_PASSWORD_WEAK',
      });
      expect((await admin.post(`${BASE}/${id}/Actions/ResetPassword`, { userPassword: 'Fresh1234x', validatePassword: 'Other1234x' })).body).toMatchObject({
        error: 'CL_ERR_PASSWORD_MISMATCH',
      });
      expect((await t.request({ method: 'GET', url: '/sys/permission/getUserPermissionByToken', token })).statusCode).toBe(200);
      expect((await admin.post(`${BASE}/${id}/Actions/ResetPassword`, { userPassword: 'Fresh1234x', validatePassword: 'Fresh1234x' })).body.code).toBe(200);
      expect((await t.request({ method: 'GET', url: '/sys/permission/getUserPermissionByToken', token })).statusCode).toBe(401);
      const login = await t.request({ method: 'POST', url: '/sys/login', payload: { username: name('reset'), password: 'Fresh1234x' } });
      expect(login.json().result.userInfo ?? login.json().result).toBeTruthy();
      expect((await db.selectFrom('sysUser').select('mustChangePassword').where('id', '=', id).executeTakeFirstOrThrow()).mustChangePassword).toBe(1);
      // another tenant's administrator cannot reach this user
      const elsewhere = client(t, await t.login(), { tenant: OTHER_TENANT });
      expect((await elsewhere.post(`${BASE}/${id}/Actions/ResetPassword`, { userPassword: 'Fresh1234y' })).body).toMatchObject({
        error: 'CL_ERR_RECORD_NOT_FOUND',
      });
    });

    it('unlocks an account locked by failed sign-ins', async () => {
      const db = t.app.ctx.db.db;
      const id = await insertUser(db, { username: name('lock'), password: PASSWORD });
      for (let i = 0; i < 5; i++) await t.request({ method: 'POST', url: '/sys/login', payload: { username: name('lock'), password: 'wrong-one-1' } });
      const locked = await t.request({ method: 'POST', url: '/sys/login', payload: { username: name('lock'), password: PASSWORD } });
      expect(locked.json()).toMatchObject({ success: false, error: 'CL_ERR_AUTH_LOCKED' });
      expect((await admin.put(`${BASE}/${id}/Actions/unlock`)).body.code).toBe(200);
      expect((await t.request({ method: 'POST', url: '/sys/login', payload: { username: name('lock'), password: PASSWORD } })).json()).toMatchObject({
        success: true,
      });
    });

    it('refuses bad input by name', async () => {
      expect((await admin.get(`${BASE}/All`, { nope: 1 })).body).toMatchObject({ code: 400, error: 'CL_ERR_QUERY_PARAM_UNKNOWN' });
      expect((await admin.get(`${BASE}/GetUsersByPositionId`)).body).toMatchObject({ code: 400, error: 'CL_ERR_BAD_REQUEST' });
      expect((await admin.post(`${BASE}/getUserList`, { userId: 5 })).body).toMatchObject({ code: 400, error: 'CL_ERR_BAD_REQUEST' });
      expect((await admin.get(`${BASE}/ImUser`, { pageSize: 100000 })).body).toMatchObject({ code: 400 });
      expect((await admin.post(`${BASE}/${user.a1}/Actions/ResetPassword`, { userPassword: 7 })).body).toMatchObject({ code: 400 });
      expect((await admin.get(`${BASE}/getOrganization`, { userId: 'no-such-user' })).body).toMatchObject({ error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect((await admin.get(`${BASE}/getUsersByRoleId`)).body).toMatchObject({ code: 400, error: 'CL_ERR_BAD_REQUEST' });
      expect((await admin.get(`${BASE}/GetUsersByRoleOrgId`, { roleId })).body).toMatchObject({ code: 400, error: 'CL_ERR_BAD_REQUEST' });
      expect((await admin.post(`${BASE}/getSubordinates`, { keyword: 5 })).body).toMatchObject({ code: 400 });
      expect((await admin.post(`${BASE}/ImUser/Selector/0`, { keyword: ['x'] })).body).toMatchObject({ code: 400 });
    });

    // The State action is guarded by system:user:state, and status is also on the user form: an edit or add
    // that changes it needs that code too (freezing through the edit route); resending it unchanged saves.
    it('refuses an edit that changes the state without the state permission, and saves one that resends it unchanged', async () => {
      const editor = await userWith(['system:user:list', 'system:user:edit']);
      const id = await insertUser(t.app.ctx.db.db, { username: name(`s${++seq}`), password: PASSWORD });
      const before = (await editor.get(`${BASE}/${id}`)).body.data;
      expect(before).toMatchObject({ status: 1 });
      const frozen = await editor.put(`${BASE}/${id}`, { realname: 'frozen?', status: 2, version: before.version });
      expect(frozen.body).toMatchObject({ code: 403, error: 'CL_ERR_NO_PERMISSION' });
      expect((await editor.get(`${BASE}/${id}`)).body.data).toMatchObject({ status: 1, realname: before.realname, version: before.version });
      const kept = await editor.put(`${BASE}/${id}`, { realname: 'renamed', status: 1, version: before.version });
      expect(kept.body, JSON.stringify(kept.body)).toMatchObject({ code: 200, data: { status: 1, realname: 'renamed' } });
      expect((await editor.put(`${BASE}/${id}/Actions/State`)).body).toMatchObject({ error: 'CL_ERR_NO_PERMISSION' });
    });

    it('refuses an add that sets another state than the default without the state permission', async () => {
      const adder = await userWith(['system:user:list', 'system:user:add']);
      const frozen = await adder.post(BASE, { username: name(`s${++seq}`), realname: '新', password: 'Start1234v', status: 2 });
      expect(frozen.body).toMatchObject({ code: 403, error: 'CL_ERR_NO_PERMISSION' });
      const normal = await adder.post(BASE, { username: name(`s${++seq}`), realname: '新', password: 'Start1234v', status: 1 });
      expect(normal.body, JSON.stringify(normal.body)).toMatchObject({ code: 200, data: { status: 1 } });
    });

    it('lets a holder of the state permission change the state through the edit and add forms', async () => {
      const manager = await userWith(['system:user:list', 'system:user:add', 'system:user:edit', 'system:user:state']);
      const id = await insertUser(t.app.ctx.db.db, { username: name(`s${++seq}`), password: PASSWORD });
      const before = (await manager.get(`${BASE}/${id}`)).body.data;
      expect((await manager.put(`${BASE}/${id}`, { status: 2, version: before.version })).body).toMatchObject({ code: 200, data: { status: 2 } });
      const added = await manager.post(BASE, { username: name(`s${++seq}`), realname: '新', password: 'Start1234v', status: 2 });
      expect(added.body, JSON.stringify(added.body)).toMatchObject({ code: 200, data: { status: 2 } });
    });
  });
});
