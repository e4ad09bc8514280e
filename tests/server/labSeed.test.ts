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
      // liqiang may have changed the first password already (another case of this file)
      expect(accounts.filter((a) => a.username !== 'liqiang').every((a) => a.mustChangePassword === 1)).toBe(true);
    });

    it('asks every seeded account to change its first password, then applies its role: buttons and department rows', async () => {
      const token = await t.login('liqiang', FIRST);
      const tester = client(t, token);
      expect((await tester.get('/api/permission/Position')).body.error).toBe('CL_ERR_AUTH_PASSWORD_CHANGE_REQUIRED');
      const changed = await t.request({
        method: 'PUT',
        url: '/sys/user/updatePassword',
        token,
        payload: { username: 'liqiang', oldpassword: FIRST, password: CHOSEN, confirmpassword: CHOSEN },
      });
      expect(changed.json().success, changed.body).toBe(true);
      const signedIn = client(t, await t.login('liqiang', CHOSEN));
      const list = await signedIn.get('/api/permission/Position', { pageSize: 100 });
      expect(list.body.code, JSON.stringify(list.body)).toBe(200);
      // a tester's data rule: positions of their own department (检测部) only
      expect(list.body.data.list.map((p: { enCode: string }) => p.enCode).sort()).toEqual(['reviewer', 'tester']);
      expect((await signedIn.post('/api/permission/Position', { fullName: '越权', enCode: 'nope' })).status).toBe(403);
      const menus = await signedIn.get('/sys/permission/getUserPermissionByToken');
      expect(JSON.stringify(menus.body.result.menu)).toContain('岗位管理');
      expect(JSON.stringify(menus.body.result.menu)).not.toContain('角色管理');
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
