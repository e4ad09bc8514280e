import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { grant, insertDepart, insertPermissions, insertRole, insertUser } from '../helpers/testRows.js';
import { addFieldRule, client, type Client } from './engineSupport.js';

// A caller hands out only rights they hold (server/permission/grantReach.ts): giving a user a role
// (system.userRole) needs every enabled permission the role grants, and a grant row (system.rolePermission)
// names a permission the caller holds, as the role Authorize tree already offers only the caller's own.
// Before, a role-member manager could make themselves a member of the 管理员 role.

const matrix = await databaseMatrix();
const LINKS = '/api/permission/UserRole';
const GRANTS = '/api/permission/RolePermission';
const PASSWORD = 'Passw0rd1';

describe.each(matrix)('$kind: roles and grants are handed out only within the giver’s own rights', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let seq = 0;
    const name = (k: string) => `gr${process.pid}${k}${++seq}`;
    const role = { low: '', high: '' };

    /** A signed-in user whose one role holds these button codes. */
    async function userWith(codes: string[]): Promise<Client & { id: string; roleId: string }> {
      const db = t.app.ctx.db.db;
      const username = name('u');
      const roleId = await insertRole(db, `${username}-role`);
      await grant(
        db,
        roleId,
        codes.map((c) => `btn:${c}`),
      );
      const id = await insertUser(db, { username, password: PASSWORD, roleIds: [roleId] });
      return { ...client(t, await t.login(username, PASSWORD)), id, roleId };
    }

    const linksOf = async (userId: string) =>
      (await sql<{ roleId: string }>`select role_id as "roleId" from sys_user_role where user_id = ${userId}`.execute(t.app.ctx.db.db)).rows.map(
        (r) => r.roleId,
      );

    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
      const db = t.app.ctx.db.db;
      role.low = await insertRole(db, name('low'));
      await grant(db, role.low, ['btn:system:position:list']);
      role.high = await insertRole(db, name('high'));
      await grant(db, role.high, ['btn:system:position:list', 'btn:system:user:add', 'btn:system:role:authorize']);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('gives a role whose permissions the giver holds, and refuses one granting more, the 管理员 role included', async () => {
      const manager = await userWith([
        'system:userRole:add',
        'system:userRole:edit',
        'system:userRole:delete',
        'system:userRole:list',
        'system:role:list',
        'system:position:list',
      ]);
      const member = await insertUser(t.app.ctx.db.db, { username: name('m'), password: PASSWORD });
      const given = await manager.post(LINKS, { userId: member, roleId: role.low });
      expect(given.body.code, JSON.stringify(given.body)).toBe(200);
      for (const roleId of [role.high, 'role-admin']) {
        for (const userId of [manager.id, member]) {
          const refused = await manager.post(LINKS, { userId, roleId });
          expect(refused.status, roleId).toBe(403);
          expect(refused.body).toMatchObject({ code: 403, error: 'CL_ERR_ROLE_NOT_GRANTABLE' });
        }
      }
      // nor by moving an existing link onto a stronger role
      const moved = await manager.put(`${LINKS}/${given.body.data.id}`, { roleId: role.high, version: given.body.data.version });
      expect(moved.body).toMatchObject({ error: 'CL_ERR_ROLE_NOT_GRANTABLE' });
      expect(await linksOf(member)).toEqual([role.low]);
      expect(await linksOf(manager.id)).toEqual([manager.roleId]);
      // the administrator, who holds everything, gives any role
      const strong = await admin.post(LINKS, { userId: member, roleId: role.high });
      expect(strong.body.code).toBe(200);
      // and the manager cannot take it away again, alone or in a batch (the 管理员 keeps their role)
      expect((await manager.del(`${LINKS}/${strong.body.data.id}`)).body).toMatchObject({ code: 403, error: 'CL_ERR_ROLE_NOT_GRANTABLE' });
      const batch = await manager.post(`${LINKS}/Actions/BatchDelete`, { ids: [given.body.data.id, strong.body.data.id] });
      expect(batch.body).toMatchObject({ error: 'CL_ERR_ROLE_NOT_GRANTABLE' });
      expect((await linksOf(member)).sort()).toEqual([role.low, role.high].sort());
      expect((await manager.del(`${LINKS}/${given.body.data.id}`)).body.code).toBe(200);
    });

    it('manages only accounts whose rights the manager holds: a 管理员 account is neither reset, edited, frozen, signed out nor deleted', async () => {
      const db = t.app.ctx.db.db;
      const manager = await userWith([
        'system:user:list',
        'system:user:edit',
        'system:user:state',
        'system:user:delete',
        'system:user:resetPassword',
        'system:user:unlock',
        'system:user:forceOffline',
        'system:position:list',
      ]);
      const above = await insertUser(db, { username: name('above'), password: PASSWORD, roleIds: [role.high] });
      const within = await insertUser(db, { username: name('within'), password: PASSWORD, roleIds: [role.low] });
      const adminId = (await db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
      const hashOf = async (id: string) => db.selectFrom('sysUser').select(['password', 'status', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
      const reset = { userPassword: 'Reset2026ab', validatePassword: 'Reset2026ab' };
      for (const id of [above, adminId]) {
        const before = await hashOf(id);
        const refusals = [
          await manager.post(`/api/permission/Users/${id}/Actions/ResetPassword`, reset),
          await manager.put(`/api/permission/Users/${id}`, { realname: '篡改', version: before.version }),
          await manager.put(`/api/permission/Users/${id}/Actions/State`),
          await manager.put(`/api/permission/Users/${id}/Actions/unlock`),
          await manager.post(`/api/permission/Users/${id}/Actions/ForceOffline`, {}),
          await manager.del(`/api/permission/Users/${id}`),
          await manager.post('/api/permission/Users/Actions/BatchDelete', { ids: [within, id] }),
        ];
        for (const refused of refusals) expect(refused.body, JSON.stringify(refused.body)).toMatchObject({ code: 403, error: 'CL_ERR_ACCOUNT_ABOVE_CALLER' });
        expect(await hashOf(id)).toEqual(before);
      }
      // an account holding no more than the manager is managed as before
      const ok = await manager.post(`/api/permission/Users/${within}/Actions/ResetPassword`, reset);
      expect(ok.body.code, JSON.stringify(ok.body)).toBe(200);
      expect((await manager.put(`/api/permission/Users/${within}/Actions/State`)).body.code).toBe(200);
    });

    it('moves or removes no tenant membership of an account holding more than the member manager', async () => {
      const db = t.app.ctx.db.db;
      const manager = await userWith([...['list', 'add', 'edit', 'delete'].map((action) => `system:userTenant:${action}`), 'system:position:list']);
      const above = await insertUser(db, { username: name('above'), password: PASSWORD, roleIds: [role.high] });
      const within = await insertUser(db, { username: name('within'), password: PASSWORD, roleIds: [role.low] });
      const membership = async (userId: string) =>
        (await db.selectFrom('sysUserTenant').select(['id', 'version']).where('userId', '=', userId).where('tenantId', '=', 1).executeTakeFirstOrThrow()) as {
          id: string;
          version: number;
        };
      const strong = await membership(above);
      const weak = await membership(within);
      const refusals = [
        await manager.del(`/api/permission/UserTenant/${strong.id}`),
        await manager.post('/api/permission/UserTenant/Actions/BatchDelete', { ids: [weak.id, strong.id] }),
        await manager.put(`/api/permission/UserTenant/${strong.id}`, { userId: within, version: strong.version }),
      ];
      for (const refused of refusals) expect(refused.body, JSON.stringify(refused.body)).toMatchObject({ code: 403, error: 'CL_ERR_ACCOUNT_ABOVE_CALLER' });
      expect(await membership(above)).toEqual(strong);
      expect(await membership(within)).toEqual(weak);
      // a member holding no more than the manager is removed as before
      const removed = await manager.del(`/api/permission/UserTenant/${weak.id}`);
      expect(removed.body.code, JSON.stringify(removed.body)).toBe(200);
    });

    it('lifts no field restriction or data rule that restricts the lifter too', async () => {
      const lifter = await userWith([
        'system:roleField:list',
        'system:roleField:edit',
        'system:roleField:delete',
        'system:roleDataRule:list',
        'system:roleDataRule:delete',
        'system:position:list',
      ]);
      // the administrator hides positions' description from the lifter's own role and confines it by a data rule
      const hidden = await admin.post('/sys/roleField/add', { roleId: lifter.roleId, modelId: 'system.position', field: 'description', access: 'hidden' });
      expect(hidden.body.success, JSON.stringify(hidden.body)).toBe(true);
      const ruleId = await addFieldRule(admin, { name: name('rule'), modelId: 'system.position', field: 'enCode', value: name('none') });
      const link = await admin.post('/sys/roleDataRule/add', { roleId: lifter.roleId, ruleId });
      expect(link.body.success, JSON.stringify(link.body)).toBe(true);
      const refusals = [
        await lifter.del('/sys/roleField/delete', { id: hidden.body.result.id }),
        await lifter.put('/sys/roleField/edit', { id: hidden.body.result.id, access: 'readonly', version: hidden.body.result.version }),
        await lifter.del('/sys/roleDataRule/delete', { id: link.body.result.id }),
      ];
      for (const refused of refusals) expect(refused.body, JSON.stringify(refused.body)).toMatchObject({ code: 510, error: 'CL_ERR_RESTRICTION_NOT_LIFTABLE' });
      const db = t.app.ctx.db.db;
      expect((await sql`select id from sys_role_field where role_id = ${lifter.roleId}`.execute(db)).rows).toHaveLength(1);
      expect((await sql`select id from sys_role_data_rule where role_id = ${lifter.roleId}`.execute(db)).rows).toHaveLength(1);
      // a restriction on a field the lifter sees, on another role, is theirs to lift
      const open = await admin.post('/sys/roleField/add', { roleId: role.low, modelId: 'system.position', field: 'sortCode', access: 'hidden' });
      expect((await lifter.del('/sys/roleField/delete', { id: open.body.result.id })).body.success).toBe(true);
    });

    it('gives or enables no role that would reach rows or fields a restriction of the giver keeps from them', async () => {
      const db = t.app.ctx.db.db;
      const giver = await userWith(['system:userRole:add', 'system:userRole:list', 'system:role:list', 'system:role:state', 'system:position:list']);
      // the administrator confines the giver's role to positions of a code nobody uses, and hides their description
      const ruleId = await addFieldRule(admin, { name: name('rule'), modelId: 'system.position', field: 'enCode', value: name('none') });
      expect((await admin.post('/sys/roleDataRule/add', { roleId: giver.roleId, ruleId })).body.success).toBe(true);
      const hidden = await admin.post('/sys/roleField/add', { roleId: giver.roleId, modelId: 'system.position', field: 'description', access: 'hidden' });
      expect(hidden.body.success, JSON.stringify(hidden.body)).toBe(true);
      const listed = async () => (await giver.get('/api/permission/Position')).body.data.pagination.total as number;
      expect(await listed()).toBe(0);
      // roles granting nothing the giver lacks: one free of rules, one confined but showing the description, one like the giver's
      const free = await insertRole(db, name('free'));
      const sighted = await insertRole(db, name('sighted'));
      const alike = await insertRole(db, name('alike'));
      for (const roleId of [free, sighted, alike]) await grant(db, roleId, ['btn:system:position:list']);
      for (const roleId of [sighted, alike]) expect((await admin.post('/sys/roleDataRule/add', { roleId, ruleId })).body.success).toBe(true);
      const hide = await admin.post('/sys/roleField/add', { roleId: alike, modelId: 'system.position', field: 'description', access: 'hidden' });
      expect(hide.body.success).toBe(true);
      const member = await insertUser(db, { username: name('m'), password: PASSWORD });
      for (const roleId of [free, sighted]) {
        for (const userId of [giver.id, member]) {
          const refused = await giver.post(LINKS, { userId, roleId });
          expect(refused.body, JSON.stringify(refused.body)).toMatchObject({ code: 403, error: 'CL_ERR_ROLE_NOT_GRANTABLE' });
        }
      }
      expect(await linksOf(giver.id)).toEqual([giver.roleId]);
      expect(await listed()).toBe(0);
      // nor switched on to reach its members at once
      await sql`update sys_role set status = 0 where id = ${free}`.execute(db);
      expect((await giver.put(`/api/permission/Role/${free}/Actions/State`)).body).toMatchObject({ error: 'CL_ERR_ROLE_NOT_ENABLEABLE' });
      // a role confining as the giver's own is given as before
      const given = await giver.post(LINKS, { userId: member, roleId: alike });
      expect(given.body.code, JSON.stringify(given.body)).toBe(200);
    });

    it('changes no department of the caller’s own account while a department rule confines them', async () => {
      const db = t.app.ctx.db.db;
      const codes = [
        'system:userDepart:list',
        'system:userDepart:add',
        'system:userDepart:delete',
        'system:user:list',
        'system:user:edit',
        'system:position:list',
        'staff:member:list',
        'staff:member:edit',
      ];
      const roleId = await insertRole(db, name('deprole'));
      await grant(
        db,
        roleId,
        codes.map((c) => `btn:${c}`),
      );
      const home = await insertDepart(db, name('D'), name('home'));
      const away = await insertDepart(db, name('D'), name('away'));
      const username = name('dep');
      const self = await insertUser(db, { username, password: PASSWORD, roleIds: [roleId], departIds: [home] });
      const caller = client(t, await t.login(username, PASSWORD));
      const rule = await admin.post('/sys/dataRule/add', { name: name('deprule'), modelId: 'system.position', kind: 'department' });
      expect(rule.body.success, JSON.stringify(rule.body)).toBe(true);
      expect((await admin.post('/sys/roleDataRule/add', { roleId, ruleId: rule.body.result.id })).body.success).toBe(true);
      const ownLink = (await db.selectFrom('sysUserDepart').select('id').where('userId', '=', self).executeTakeFirstOrThrow()).id;
      const version = (await db.selectFrom('sysUser').select('version').where('id', '=', self).executeTakeFirstOrThrow()).version;
      const refusals = [
        await caller.post('/api/permission/UserDepartment', { userId: self, depId: away }),
        await caller.del(`/api/permission/UserDepartment/${ownLink}`),
        await caller.put(`/api/permission/Users/${self}`, { orgCode: name('other'), version }),
      ];
      for (const refused of refusals) expect(refused.body, JSON.stringify(refused.body)).toMatchObject({ code: 403, error: 'CL_ERR_RESTRICTION_NOT_LIFTABLE' });
      // the staff record's 所属部门 writes the same links (its JeecgBoot-style answer carries 510)
      const byStaffRecord = await caller.post('/admin/user/edit', { id: self, version, departIds: `${home},${away}` });
      expect(byStaffRecord.body, JSON.stringify(byStaffRecord.body)).toMatchObject({ code: 510, error: 'CL_ERR_RESTRICTION_NOT_LIFTABLE' });
      const links = await db.selectFrom('sysUserDepart').select('depId').where('userId', '=', self).execute();
      expect(links.map((l) => l.depId)).toEqual([home]);
      // saving one's own staff record with the same departments is an edit like any other
      const unchanged = await caller.post('/admin/user/edit', { id: self, version, departIds: home, nation: '汉族' });
      expect(unchanged.body, JSON.stringify(unchanged.body)).toMatchObject({ success: true });
      // another account's departments are managed as before
      const member = await insertUser(db, { username: name('m'), password: PASSWORD });
      const given = await caller.post('/api/permission/UserDepartment', { userId: member, depId: away });
      expect(given.body.code, JSON.stringify(given.body)).toBe(200);
    });

    it('loosens no data rule definition that confines the editor too: its condition, model and state stay, and it is not deleted', async () => {
      const db = t.app.ctx.db.db;
      const editor = await userWith([...['list', 'edit', 'state', 'delete'].map((action) => `system:dataRule:${action}`), 'system:position:list']);
      // the administrator confines the editor's own role to positions with a code nobody uses
      const ruleId = await addFieldRule(admin, { name: name('rule'), modelId: 'system.position', field: 'enCode', value: name('none') });
      expect((await admin.post('/sys/roleDataRule/add', { roleId: editor.roleId, ruleId })).body.success).toBe(true);
      const ruleOf = async (id: string) =>
        (await sql<{ version: number }>`select kind, operator, value, model_id, enabled, version from sys_data_rule where id = ${id}`.execute(db)).rows[0]!;
      const before = await ruleOf(ruleId);
      const refusals = [
        await editor.put('/sys/dataRule/edit', { id: ruleId, operator: 'ne', version: before.version }),
        await editor.put('/sys/dataRule/edit', { id: ruleId, kind: 'all', version: before.version }),
        await editor.put('/sys/dataRule/edit', { id: ruleId, modelId: 'system.role', version: before.version }),
        await editor.put('/sys/dataRule/edit', { id: ruleId, enabled: 0, version: before.version }),
        await editor.put('/sys/dataRule/editState', { id: ruleId }),
        await editor.del('/sys/dataRule/delete', { id: ruleId }),
        await editor.del('/sys/dataRule/deleteBatch', { ids: ruleId }),
      ];
      for (const refused of refusals) expect(refused.body, JSON.stringify(refused.body)).toMatchObject({ code: 510, error: 'CL_ERR_RESTRICTION_NOT_LIFTABLE' });
      expect(await ruleOf(ruleId)).toEqual(before);
      // renaming it changes nobody's rows; a rule confining only others (on a model the editor is free on) is theirs to change
      const renamed = await editor.put('/sys/dataRule/edit', { id: ruleId, name: name('renamed'), version: before.version });
      expect(renamed.body.success, JSON.stringify(renamed.body)).toBe(true);
      const other = await addFieldRule(admin, { name: name('other'), modelId: 'system.role', field: 'roleCode', value: name('none') });
      expect((await admin.post('/sys/roleDataRule/add', { roleId: role.low, ruleId: other })).body.success).toBe(true);
      expect((await editor.put('/sys/dataRule/editState', { id: other })).body.success).toBe(true);
      expect((await editor.del('/sys/dataRule/delete', { id: other })).body.success).toBe(true);
    });

    it('enables a disabled role only when the enabler holds every permission it grants, by its State action or its edit form', async () => {
      const db = t.app.ctx.db.db;
      const enabler = await userWith(['system:role:list', 'system:role:edit', 'system:role:state', 'system:position:list']);
      const statusOf = async (id: string) => await db.selectFrom('sysRole').select(['status', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
      const strong = await insertRole(db, name('strong'));
      await grant(db, strong, ['btn:system:position:list', 'btn:system:user:add']);
      const weak = await insertRole(db, name('weak'));
      await grant(db, weak, ['btn:system:position:list']);
      await sql`update sys_role set status = 0 where id in (${strong}, ${weak})`.execute(db);
      const before = await statusOf(strong);
      const byState = await enabler.put(`/api/permission/Role/${strong}/Actions/State`);
      expect(byState.body, JSON.stringify(byState.body)).toMatchObject({ code: 403, error: 'CL_ERR_ROLE_NOT_ENABLEABLE' });
      const byForm = await enabler.put(`/api/permission/Role/${strong}`, { status: 1, version: before.version });
      expect(byForm.body, JSON.stringify(byForm.body)).toMatchObject({ code: 403, error: 'CL_ERR_ROLE_NOT_ENABLEABLE' });
      expect(await statusOf(strong)).toEqual(before);
      // a role within reach is switched on and off as before, and the stronger one may be switched off by anyone allowed to
      for (const expected of [1, 0, 1]) {
        const flipped = await enabler.put(`/api/permission/Role/${weak}/Actions/State`);
        expect(flipped.body.code, JSON.stringify(flipped.body)).toBe(200);
        expect(Number((await statusOf(weak)).status)).toBe(expected);
      }
      expect((await admin.put(`/api/permission/Role/${strong}/Actions/State`)).body.code).toBe(200);
      expect((await enabler.put(`/api/permission/Role/${strong}/Actions/State`)).body.code).toBe(200);
      expect(Number((await statusOf(strong)).status)).toBe(0);
      // an edit leaving a disabled role disabled, or an enabled one enabled, needs nothing more
      const kept = await statusOf(strong);
      const renamed = await enabler.put(`/api/permission/Role/${strong}`, { description: name('d'), status: 0, version: kept.version });
      expect(renamed.body.code, JSON.stringify(renamed.body)).toBe(200);
    });

    it('changes a menu or button row only within the editor’s rights: no renaming a granted code into one they lack, no switching on or weakening a stronger row', async () => {
      const db = t.app.ctx.db.db;
      const editor = await userWith([...['list', 'add', 'edit', 'state', 'delete'].map((action) => `system:permission:${action}`), 'system:position:list']);
      const MENU = '/api/system/Menu';
      const own = name('own');
      const off = name('off');
      const strong = name('strong');
      const loose = name('loose');
      const dormant = name('dormant');
      const menu = name('menu');
      await insertPermissions(db, [
        { id: menu, name: menu, menuType: 0, moduleId: null },
        { id: dormant, name: dormant, menuType: 2, parentId: menu, moduleId: null, perms: `${dormant}:code`, status: '0' },
        { id: own, name: own, menuType: 2, parentId: menu, moduleId: null, perms: `${own}:code` },
        { id: off, name: off, menuType: 2, parentId: menu, moduleId: null, perms: 'system:user:delete', status: '0' },
        { id: strong, name: strong, menuType: 2, parentId: menu, moduleId: null, perms: 'system:user:delete' },
        { id: loose, name: loose, menuType: 2, parentId: menu, moduleId: null, perms: 'system:user:delete' },
      ]);
      // the editor's own role is granted their row and the switched-off one; a stronger role the strong row
      await grant(db, editor.roleId, [own, off]);
      await grant(db, role.high, [strong]);
      // as every module row, the rows are granted to the 管理员 role as well (but one, granted to nobody)
      await grant(db, 'role-admin', [menu, own, off, strong, dormant]);
      const rowOf = async (id: string) =>
        await db.selectFrom('sysPermission').select(['perms', 'status', 'menuType', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
      const holdsDelete = async () =>
        (await editor.get('/sys/permission/getUserPermissionByToken')).body.result.auth.some((a: { action: string }) => a.action === 'system:user:delete');
      const before = { own: await rowOf(own), off: await rowOf(off), strong: await rowOf(strong) };
      const refusals = [
        // renaming the editor's own button into a code they lack
        await editor.put(`${MENU}/${own}`, { perms: 'system:user:delete', version: before.own.version }),
        // switching on a row of their role whose code they lack, by State or by the edit
        await editor.put(`${MENU}/${off}/Actions/State`),
        await editor.put(`${MENU}/${off}`, { status: '1', version: before.off.version }),
        // a stronger role's row: neither renamed, switched off, retyped nor deleted
        await editor.put(`${MENU}/${strong}`, { perms: `${own}:code`, version: before.strong.version }),
        await editor.put(`${MENU}/${strong}`, { menuType: 1, version: before.strong.version }),
        await editor.put(`${MENU}/${strong}/Actions/State`),
        await editor.del(`${MENU}/${strong}`),
      ];
      for (const refused of refusals) expect(refused.body, JSON.stringify(refused.body)).toMatchObject({ code: 403, error: 'CL_ERR_MENU_RIGHT_NOT_HELD' });
      expect({ own: await rowOf(own), off: await rowOf(off), strong: await rowOf(strong) }).toEqual(before);
      expect(await holdsDelete()).toBe(false);
      // within their rights the editor edits as before: their own row to another code they hold, a row granted to nobody
      const renamed = await editor.put(`${MENU}/${own}`, { name: name('n'), perms: 'system:position:list', version: before.own.version });
      expect(renamed.body.code, JSON.stringify(renamed.body)).toBe(200);
      expect((await editor.put(`${MENU}/${loose}/Actions/State`)).body.code).toBe(200);
      const added = await editor.post(MENU, { name: name('add'), menuType: 2, parentId: menu, perms: name('new') });
      expect(added.body.code, JSON.stringify(added.body)).toBe(200);
      // the administrator switches the row on; and, holding every grant of the tenant, a row whose code nobody holds
      expect((await admin.put(`${MENU}/${off}/Actions/State`)).body.code).toBe(200);
      expect(await holdsDelete()).toBe(true);
      expect((await editor.put(`${MENU}/${dormant}/Actions/State`)).body).toMatchObject({ error: 'CL_ERR_MENU_RIGHT_NOT_HELD' });
      const woken = await admin.put(`${MENU}/${dormant}/Actions/State`);
      expect(woken.body.code, JSON.stringify(woken.body)).toBe(200);
    });

    it('adds a grant row only for a permission the giver holds', async () => {
      const granter = await userWith(['system:rolePermission:add', 'system:rolePermission:delete', 'system:rolePermission:list', 'system:position:list']);
      const target = await insertRole(t.app.ctx.db.db, name('target'));
      const held = await granter.post(GRANTS, { roleId: target, permissionId: 'btn:system:position:list' });
      expect(held.body.code, JSON.stringify(held.body)).toBe(200);
      for (const roleId of [target, granter.roleId]) {
        const refused = await granter.post(GRANTS, { roleId, permissionId: 'btn:system:role:authorize' });
        expect(refused.body).toMatchObject({ code: 400, error: 'CL_ERR_PERMISSION_NOT_GRANTABLE' });
      }
      const { rows } = await sql`select permission_id from sys_role_permission where role_id in (${target}, ${granter.roleId})
        and permission_id = ${'btn:system:role:authorize'}`.execute(t.app.ctx.db.db);
      expect(rows).toEqual([]);
      const given = await admin.post(GRANTS, { roleId: target, permissionId: 'btn:system:role:authorize' });
      expect(given.body.code).toBe(200);
      // a grant the granter does not hold is not theirs to remove either
      const removal = await granter.del(`${GRANTS}/${given.body.data.id}`);
      expect(removal.body).toMatchObject({ error: 'CL_ERR_PERMISSION_NOT_GRANTABLE' });
    });
  });
});
