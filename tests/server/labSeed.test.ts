import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { seedLab } from '../../server/seed/seedLab.js';
import seed from '../../server/seed/labSeed.json' with { type: 'json' };
import { client } from './engineSupport.js';

// The laboratory a fresh install starts with when CLOUDLAB_LAB_SEED_PASSWORD is set (docs/lab-seed.md):
// organisation, departments, positions, roles with menus, buttons and data rules, accounts per role
// whose first password must be changed, seeded once.

const matrix = await databaseMatrix();
const FIRST = 'Labseed2026';
const CHOSEN = 'Mine2026pass';

describe.each(matrix)('$kind: laboratory seed on a fresh install', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp(kind, { config: { labSeedPassword: FIRST } });
    });
    afterAll(async () => {
      await t?.close();
    });

    /** A seeded account's first password replaced by CHOSEN (what the account must do first), signed in again. */
    async function replaceFirstPassword(username: string, token: string) {
      const changed = await t.request({
        method: 'PUT',
        url: '/sys/user/updatePassword',
        token,
        payload: { username, oldpassword: FIRST, password: CHOSEN, confirmpassword: CHOSEN },
      });
      expect(changed.json().success, changed.body).toBe(true);
      return client(t, await t.login(username, CHOSEN));
    }

    it('seeds the departments, positions, roles and a handful of accounts per role', async () => {
      const db = t.app.ctx.db.db;
      const departs = await db.selectFrom('sysDepart').select('departName').where('orgCode', 'like', 'A01A0%').orderBy('departOrder').execute();
      expect(departs.map((d) => d.departName)).toEqual(['检测部', '样品室', '质量部', '设备部', '综合办公室']);
      const roles = await db.selectFrom('sysRole').select('roleCode').where('createBy', '=', 'seed').execute();
      expect(roles.map((r) => r.roleCode).sort()).toEqual(['equipmentOfficer', 'labManager', 'qualityOfficer', 'reviewer', 'tester']);
      const { rows } = await sql<{ roleCode: string; n: number | string }>`select r.role_code as "roleCode", count(*) as n from sys_user_role ur
        join sys_role r on r.id = ur.role_id join sys_user u on u.id = ur.user_id where u.create_by = 'seed' group by r.role_code`.execute(db);
      const perRole = Object.fromEntries(rows.map((r) => [r.roleCode, Number(r.n)]));
      expect(perRole).toMatchObject({ admin: 1, labManager: 1, tester: 3, reviewer: 2, qualityOfficer: 2, equipmentOfficer: 2 });
      const accounts = await db.selectFrom('sysUser').select(['username', 'mustChangePassword']).where('createBy', '=', 'seed').execute();
      expect(accounts).toHaveLength(11);
      // liqiang and zhangming may have changed the first password already (other cases of this file)
      expect(accounts.filter((a) => !['liqiang', 'zhangming'].includes(a.username)).every((a) => a.mustChangePassword === 1)).toBe(true);
    });

    it('asks every seeded account to change its first password, then applies its role: buttons and department rows', async () => {
      const token = await t.login('liqiang', FIRST);
      const tester = client(t, token);
      expect((await tester.get('/api/permission/Position')).body.error).toBe('CL_ERR_AUTH_PASSWORD_CHANGE_REQUIRED');
      const signedIn = await replaceFirstPassword('liqiang', token);
      const list = await signedIn.get('/api/permission/Position', { pageSize: 100 });
      expect(list.body.code, JSON.stringify(list.body)).toBe(200);
      // a tester's data rule: positions of their own department (检测部) only
      expect(list.body.data.list.map((p: { enCode: string }) => p.enCode).sort()).toEqual(['reviewer', 'tester']);
      expect((await signedIn.post('/api/permission/Position', { fullName: '越权', enCode: 'nope' })).status).toBe(403);
      const menus = await signedIn.get('/sys/permission/getUserPermissionByToken');
      expect(JSON.stringify(menus.body.result.menu)).toContain('岗位管理');
      expect(JSON.stringify(menus.body.result.menu)).not.toContain('角色管理');
    });

    it('lets the 实验室主任 manage accounts and hand out roles within his own rights, never the 管理员’s', async () => {
      const db = t.app.ctx.db.db;
      const manager = await replaceFirstPassword('zhangming', await t.login('zhangming', FIRST));
      const idOf = async (username: string) => (await db.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
      const roleOf = async (roleCode: string) =>
        (await db.selectFrom('sysRole').select('id').where('roleCode', '=', roleCode).where('tenantId', '=', 1).executeTakeFirstOrThrow()).id;
      const reset = { userPassword: 'Reset2026ab', validatePassword: 'Reset2026ab' };
      // a tester's account is within his rights: reset (it must be changed again at the next sign-in)
      const tester = await manager.post(`/api/permission/Users/${await idOf('wangfang')}/Actions/ResetPassword`, reset);
      expect(tester.body.code, JSON.stringify(tester.body)).toBe(200);
      // the 管理员 account is not: resetting its password would hand him every right of the tenant
      const above = await manager.post(`/api/permission/Users/${await idOf('labadmin')}/Actions/ResetPassword`, reset);
      expect(above.body).toMatchObject({ code: 403, error: 'CL_ERR_ACCOUNT_ABOVE_CALLER' });
      expect(await t.login('labadmin', 'Reset2026ab').catch(() => 'refused')).toBe('refused');
      // the roles of the laboratory are his to give; 管理员 is not, to himself or anyone
      const zhangming = await idOf('zhangming');
      const given = await manager.post('/api/permission/UserRole', { userId: await idOf('wangfang'), roleId: await roleOf('reviewer') });
      expect(given.body.code, JSON.stringify(given.body)).toBe(200);
      expect((await manager.del(`/api/permission/UserRole/${given.body.data.id}`)).body.code).toBe(200);
      for (const userId of [zhangming, await idOf('wangfang')]) {
        const refused = await manager.post('/api/permission/UserRole', { userId, roleId: await roleOf('admin') });
        expect(refused.body).toMatchObject({ code: 403, error: 'CL_ERR_ROLE_NOT_GRANTABLE' });
      }
    });

    it('runs once: a second start changes nothing, and a weak first password is refused', async () => {
      const db = t.app.ctx.db.db;
      const before = await db.selectFrom('sysUser').select('id').execute();
      expect(await seedLab(db, { labSeedPassword: FIRST, passwordMinLength: 6 })).toEqual({ seeded: false, users: 0, unknownCodes: [] });
      expect(await db.selectFrom('sysUser').select('id').execute()).toHaveLength(before.length);
      await expect(seedLab(db, { labSeedPassword: 'password', passwordMinLength: 6 })).rejects.toThrow(/CLOUDLAB_LAB_SEED_PASSWORD/);
      // every permission code of the seed is declared by a loaded module
      const declared = await db.selectFrom('sysPermission').select('perms').where('menuType', '=', 2).execute();
      const codes = new Set(declared.map((d) => d.perms));
      expect(seed.roles.flatMap((r) => r.permissions).filter((c) => !codes.has(c))).toEqual([]);
    });
  });
});
