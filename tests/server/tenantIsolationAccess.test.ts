import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { ensureTenant, grant, insertDepart, insertRole, insertUser } from '../helpers/testRows.js';
import { newId } from '../../server/db/ids.js';
import { nowText } from '../../server/db/timestamps.js';
import { client, userWith, type Client } from './engineSupport.js';
import { readWorkbook } from './xlsxSupport.js';

// Users are shared by tenants (sys_user_tenant) and roles belong to one (tenant_id): an administrator of
// one tenant must not reach the other's users, roles or the links between them through any endpoint.
// Tenant "home" is the default (1), tenant "away" another; each has its own administrator.

const matrix = await databaseMatrix();
const USERS = '/api/permission/Users';
const ROLES = '/api/permission/Role';
const AWAY = 73;
const PASSWORD = 'Passw0rd1';
const CODES = [
  ...['list', 'add', 'edit', 'delete', 'state', 'resetPassword', 'unlock', 'export', 'select'].map((a) => `system:user:${a}`),
  ...['list', 'add', 'edit', 'delete', 'state', 'select'].map((a) => `system:role:${a}`),
  ...['list', 'add', 'delete'].map((a) => `system:userRole:${a}`),
  ...['list', 'add', 'delete'].map((a) => `system:userDepart:${a}`),
  ...['list', 'add', 'delete'].map((a) => `system:userPosition:${a}`),
  'system:position:add',
  ...['list', 'add'].map((a) => `system:userTenant:${a}`),
  ...['list', 'edit'].map((a) => `staff:member:${a}`),
];

describe.each(matrix)('$kind: tenant isolation of users, roles and their links', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    const name = (k: string) => `ti${process.pid}${k}`;
    const home = { admin: null as unknown as Client, user: '', role: '' };
    const away = { admin: null as unknown as Client, user: '', role: '' };

    /** An administrator of one tenant only: a member of it alone, with a role of that tenant holding CODES. */
    async function tenantAdmin(key: string, tenantId: number): Promise<Client> {
      const db = t.app.ctx.db.db;
      const role = await insertRole(db, name(`${key}-admin-role`), 1, tenantId);
      await grant(
        db,
        role,
        CODES.map((c) => `btn:${c}`),
      );
      await insertUser(db, { username: name(`${key}admin`), password: PASSWORD, roleIds: [role], tenantIds: [tenantId] });
      return client(t, await t.login(name(`${key}admin`), PASSWORD));
    }

    const ids = (reply: { body: { data: { list: { id: string }[] } } }) => reply.body.data.list.map((r) => r.id);

    beforeAll(async () => {
      t = await createTestApp(kind);
      const db = t.app.ctx.db.db;
      await ensureTenant(db, AWAY);
      home.admin = await tenantAdmin('h', 1);
      away.admin = await tenantAdmin('a', AWAY);
      home.user = await insertUser(db, { username: name('hu'), password: PASSWORD });
      away.user = await insertUser(db, { username: name('au'), password: PASSWORD, tenantIds: [AWAY] });
      home.role = await insertRole(db, name('hrole'), 1, 1);
      away.role = await insertRole(db, name('arole'), 1, AWAY);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers in the user pickers only the departments of the caller’s tenant of a shared account', async () => {
      const db = t.app.ctx.db.db;
      const shared = await insertUser(db, { username: name('pick'), password: PASSWORD, tenantIds: [1, AWAY] });
      const homeDepart = await insertDepart(db, name('HD'), '本家部门', 1);
      const awayDepart = await insertDepart(db, name('AD'), '别家部门', AWAY);
      for (const depId of [homeDepart, awayDepart])
        await db.insertInto('sysUserDepart').values({ id: newId(), userId: shared, depId, createTime: nowText() }).execute();
      const inAway = client(t, await t.login(name('aadmin'), PASSWORD), { tenant: AWAY });
      const byId = await inAway.get('/sys/user/queryById', { id: shared });
      expect(byId.body.result, JSON.stringify(byId.body)).toMatchObject({ id: shared, departIds: awayDepart });
      const listed = await inAway.get('/sys/user/list', { username: name('pick') });
      expect(listed.body.result.records).toEqual([expect.objectContaining({ id: shared, departIds: awayDepart })]);
      // the current department chosen in the home tenant is not shown in the away one (pickers, users list and detail)
      await db
        .updateTable('sysUser')
        .set({ orgCode: name('HD') })
        .where('id', '=', shared)
        .execute();
      expect((await inAway.get('/sys/user/queryById', { id: shared })).body.result).toMatchObject({ orgCode: null });
      expect((await inAway.get(`${USERS}/${shared}`)).body.data).toMatchObject({ orgCode: null });
      expect((await home.admin.get(`${USERS}/${shared}`)).body.data).toMatchObject({ orgCode: name('HD') });
    });

    it('lists, gets and exports only the users of the caller’s tenant', async () => {
      const listed = ids(await away.admin.get(USERS, { keyword: name(''), pageSize: 100 }));
      expect(listed).toContain(away.user);
      expect(listed).not.toContain(home.user);
      expect(ids(await home.admin.get(USERS, { keyword: name(''), pageSize: 100 }))).not.toContain(away.user);
      expect((await away.admin.get(`${USERS}/${home.user}`)).body).toMatchObject({ code: 400, error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect((await away.admin.get(`${USERS}/${away.user}`)).body.data).toMatchObject({ id: away.user, username: name('au') });
      // the staff screen's view of the same table keeps the table's tenancy
      const staff = await away.admin.get('/admin/user/list', { pageSize: 100 });
      expect(staff.body.success, JSON.stringify(staff.body)).toBe(true);
      const staffIds = (staff.body.result.records as { id: string }[]).map((r) => r.id);
      expect(staffIds).toContain(away.user);
      expect(staffIds).not.toContain(home.user);
      expect((await away.admin.get('/admin/user/queryById', { id: home.user })).body.success).toBe(false);
      const exported = await t.request({ method: 'GET', url: `${USERS}/ExportExcel`, token: await t.login(name('aadmin'), PASSWORD) });
      expect(exported.statusCode).toBe(200);
      const sheet = await readWorkbook(exported.rawPayload);
      const cells = [...sheet.sheets.values()].flat(2).map(String);
      expect(cells).toContain(name('au'));
      expect(cells).not.toContain(name('hu'));
      expect(cells).not.toContain('admin');
    });

    it('cannot edit, toggle, reset, unlock or delete another tenant’s user, one or in a batch', async () => {
      const db = t.app.ctx.db.db;
      const notFound = { error: 'CL_ERR_RECORD_NOT_FOUND' };
      expect((await away.admin.put(`${USERS}/${home.user}`, { realname: '篡改', version: 1 })).body).toMatchObject(notFound);
      expect((await away.admin.put(`${USERS}/${home.user}/Actions/State`)).body).toMatchObject(notFound);
      expect((await away.admin.post(`${USERS}/${home.user}/Actions/ResetPassword`, { userPassword: 'Another1pass' })).body.code).not.toBe(200);
      expect((await away.admin.put(`${USERS}/${home.user}/Actions/unlock`)).body.code).not.toBe(200);
      expect((await away.admin.del(`${USERS}/${home.user}`)).body).toMatchObject(notFound);
      expect((await away.admin.post(`${USERS}/Actions/BatchDelete`, { ids: [away.user, home.user] })).body).toMatchObject(notFound);
      const { rows } = await sql<{ id: string; realname: string; status: number }>`select id, realname, status from sys_user
        where id in (${home.user}, ${away.user}) order by username`.execute(db);
      expect(rows).toEqual([
        { id: away.user, realname: name('au'), status: 1 },
        { id: home.user, realname: name('hu'), status: 1 },
      ]);
      // the password of the home user still signs in
      expect(await t.login(name('hu'), PASSWORD)).toEqual(expect.any(String));
    });

    it('makes a user created in a tenant a member of that tenant only', async () => {
      const created = await away.admin.post(USERS, { username: name('new'), realname: '新用户', password: 'Welcome1x' });
      expect(created.body.code, JSON.stringify(created.body)).toBe(200);
      const id = created.body.data.id as string;
      const { rows } = await sql<{ tenantId: number }>`select tenant_id as "tenantId" from sys_user_tenant where user_id = ${id}`.execute(t.app.ctx.db.db);
      expect(rows.map((r) => Number(r.tenantId))).toEqual([AWAY]);
      expect((await home.admin.get(`${USERS}/${id}`)).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      expect((await away.admin.get(`${USERS}/${id}`)).body.data.username).toBe(name('new'));
    });

    it('refuses to adopt another tenant’s user by id into the caller’s tenant', async () => {
      const adopted = await away.admin.post('/api/permission/UserTenant', { userId: home.user });
      expect(adopted.body).toMatchObject({ error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect((await away.admin.get(`${USERS}/${home.user}`)).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
    });

    it('keeps roles per tenant: list, get, edit, toggle and delete; the same code may exist in both', async () => {
      const listed = ids(await away.admin.get(ROLES, { keyword: name(''), pageSize: 100 }));
      expect(listed).toContain(away.role);
      expect(listed).not.toContain(home.role);
      const notFound = { error: 'CL_ERR_RECORD_NOT_FOUND' };
      expect((await away.admin.get(`${ROLES}/${home.role}`)).body).toMatchObject(notFound);
      expect((await away.admin.put(`${ROLES}/${home.role}`, { roleName: '篡改', version: 1 })).body).toMatchObject(notFound);
      expect((await away.admin.put(`${ROLES}/${home.role}/Actions/State`)).body).toMatchObject(notFound);
      expect((await away.admin.del(`${ROLES}/${home.role}`)).body).toMatchObject(notFound);
      const selector = (await away.admin.get(`${ROLES}/Selector`)).body.data.list as { id: string }[];
      expect(JSON.stringify(selector)).not.toContain(home.role);
      const same = await away.admin.post(ROLES, { roleName: '同码角色', roleCode: name('hrole'), status: 1 });
      expect(same.body.code, JSON.stringify(same.body)).toBe(200);
      const { rows } = await sql<{ tenantId: number }>`select tenant_id as "tenantId" from sys_role where id = ${same.body.data.id}`.execute(t.app.ctx.db.db);
      expect(Number(rows[0]!.tenantId)).toBe(AWAY);
      expect((await home.admin.get(`${ROLES}/${home.role}`)).body.data).toMatchObject({ roleName: name('hrole'), status: 1 });
    });

    it('links a user to a role only when both are the tenant’s, and lists only the tenant’s links', async () => {
      const links = '/api/permission/UserRole';
      expect((await away.admin.post(links, { userId: home.user, roleId: away.role })).body.code).not.toBe(200);
      expect((await away.admin.post(links, { userId: away.user, roleId: home.role })).body.code).not.toBe(200);
      const { rows } = await sql`select id from sys_user_role where user_id in (${home.user}, ${away.user})`.execute(t.app.ctx.db.db);
      expect(rows).toEqual([]);
      const ok = await away.admin.post(links, { userId: away.user, roleId: away.role });
      expect(ok.body.code, JSON.stringify(ok.body)).toBe(200);
      expect(ids(await away.admin.get(links, { pageSize: 100 }))).toContain(ok.body.data.id);
      expect(ids(await home.admin.get(links, { pageSize: 100 }))).not.toContain(ok.body.data.id);
      expect((await home.admin.del(`${links}/${ok.body.data.id}`)).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
    });

    it('links a user to a department or a position only when both are the tenant’s, and lists only the tenant’s links', async () => {
      const db = t.app.ctx.db.db;
      const position = async (c: Client, key: string) => {
        const res = await c.post('/api/permission/Position', { fullName: key, enCode: name(key) });
        expect(res.body.code, JSON.stringify(res.body)).toBe(200);
        return res.body.data.id as string;
      };
      const cases = [
        {
          links: '/api/permission/UserDepartment',
          table: 'sys_user_depart',
          field: 'depId',
          home: await insertDepart(db, name('hd'), '本家部门'),
          away: await insertDepart(db, name('ad'), '别家部门', AWAY),
        },
        {
          links: '/api/permission/UserPosition',
          table: 'sys_user_position',
          field: 'positionId',
          home: await position(home.admin, 'hp'),
          away: await position(away.admin, 'ap'),
        },
      ];
      for (const { links, table, field, home: homeTarget, away: awayTarget } of cases) {
        expect((await away.admin.post(links, { userId: home.user, [field]: awayTarget })).body.code, links).not.toBe(200);
        expect((await away.admin.post(links, { userId: away.user, [field]: homeTarget })).body.code, links).not.toBe(200);
        const { rows } = await sql`select id from ${sql.table(table)} where user_id in (${home.user}, ${away.user})`.execute(db);
        expect(rows, links).toEqual([]);
        const ok = await away.admin.post(links, { userId: away.user, [field]: awayTarget });
        expect(ok.body.code, JSON.stringify(ok.body)).toBe(200);
        expect(ids(await away.admin.get(links, { pageSize: 100 }))).toContain(ok.body.data.id);
        expect(ids(await home.admin.get(links, { pageSize: 100 }))).not.toContain(ok.body.data.id);
        expect((await home.admin.del(`${links}/${ok.body.data.id}`)).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      }
    });

    it('adopts a user of another tenant only where the caller may list users, not as a mere member there', async () => {
      const db = t.app.ctx.db.db;
      const adopter = await insertUser(db, { username: name('adopter'), password: PASSWORD, tenantIds: [AWAY, 1] });
      const colleague = await insertUser(db, { username: name('colleague'), password: PASSWORD });
      const role = await insertRole(db, name('adopter-role'), 1, AWAY);
      await grant(db, role, ['btn:system:userTenant:add', 'btn:system:user:list']);
      await db.insertInto('sysUserRole').values({ id: newId(), userId: adopter, roleId: role, createTime: nowText() }).execute();
      const api = client(t, await t.login(name('adopter'), PASSWORD), { tenant: AWAY });
      // a member of the home tenant with no right there: a colleague's personal data must not follow them here
      expect((await api.post('/api/permission/UserTenant', { userId: colleague })).body).toMatchObject({ error: 'CL_ERR_RECORD_NOT_FOUND' });
      const { rows } = await sql`select 1 from sys_user_tenant where user_id = ${colleague} and tenant_id = ${AWAY}`.execute(db);
      expect(rows).toEqual([]);
      // holding the users list at home, they reach the colleague and may bring them along
      const homeRole = await insertRole(db, name('adopter-home'), 1, 1);
      await grant(db, homeRole, ['btn:system:user:list']);
      await db.insertInto('sysUserRole').values({ id: newId(), userId: adopter, roleId: homeRole, createTime: nowText() }).execute();
      const adopted = await api.post('/api/permission/UserTenant', { userId: colleague });
      expect(adopted.body.code, JSON.stringify(adopted.body)).toBe(200);
    });

    it('tells a lister of another tenant nothing of the accounts through the duplicate check', async () => {
      // usernames are unique across tenants (one account row): the check would name the other tenant's accounts
      const check = (c: Client, fieldVal: string) => c.get('/sys/duplicate/check', { tableName: 'sys_user', fieldName: 'username', fieldVal });
      const lister = await userWith(t, ['system:user:list', 'staff:member:list'], { tenantId: AWAY });
      for (const fieldVal of [name('hu'), name('nobody')]) expect((await check(lister, fieldVal)).body.error).toBe('CL_ERR_DUPLICATE_CHECK_REFUSED');
      // who may add or edit users learns it anyway from the save, and the form's check answers them as the save would
      const editor = await userWith(t, ['system:user:edit'], { tenantId: AWAY });
      expect((await check(editor, name('hu'))).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
      expect((await check(away.admin, name('hu'))).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
      expect((await check(away.admin, name('nobody'))).body.success).toBe(true);
    });

    it('refuses the member links (role, position, department, tenant) to a caller without their codes', async () => {
      const userLister = await userWith(t, ['system:user:list']);
      for (const base of ['/api/permission/UserRole', '/api/permission/UserPosition', '/api/permission/UserDepartment', '/api/permission/UserTenant']) {
        expect((await userLister.get(base)).status, `GET ${base}`).toBe(403);
        expect((await userLister.post(base, { userId: home.user })).status, `POST ${base}`).toBe(403);
        expect((await userLister.del(`${base}/x`)).status, `DELETE ${base}`).toBe(403);
      }
    });
  });
});
