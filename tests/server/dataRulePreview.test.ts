import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE_ID } from '../../server/db/coreIds.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { ensureTenant, insertDepart, insertRole, insertUser } from '../helpers/testRows.js';
import { client, userWith, type Client } from './engineSupport.js';

// The preview count of a data rule: the rows of its model it leaves visible to a user (the signed-in
// one, or another of the tenant), next to the tenant's total, computed as the engine applies the rule.

const matrix = await databaseMatrix();
const AWAY = 75;

describe.each(matrix)('$kind: data rule preview (GET /sys/dataRule/preview)', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    const depart = { A: '', B: '' };
    let member = '';
    let seq = 0;

    const rule = async (values: Record<string, string>) => {
      const res = await admin.post('/sys/dataRule/add', { name: `预览${++seq}`, modelId: 'system.position', ...values });
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
      return res.body.result.id as string;
    };
    const preview = async (id: string, userId?: string) => {
      const res = await admin.get('/sys/dataRule/preview', { id, ...(userId ? { userId } : {}) });
      return res.body;
    };
    const totalPositions = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from sys_position where tenant_id = 1`.execute(t.app.ctx.db.db)).rows[0]!.n);

    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
      const db = t.app.ctx.db.db;
      await ensureTenant(db, AWAY);
      depart.A = await insertDepart(db, `RV${process.pid}A`, '检测部');
      depart.B = await insertDepart(db, `RV${process.pid}B`, '质量部');
      for (const [code, organizeId] of [
        ['A1', depart.A],
        ['A2', depart.A],
        ['B1', depart.B],
      ] as const) {
        const res = await admin.post('/api/permission/Position', { fullName: `岗位${code}`, enCode: `RV${process.pid}${code}`, organizeId });
        expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      }
      member = await insertUser(db, { username: `rv${process.pid}m`, password: 'Passw0rd1', departIds: [depart.A] });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('counts the rows a department rule leaves visible to a chosen user of the tenant', async () => {
      const id = await rule({ kind: 'department' });
      expect(await preview(id, member)).toMatchObject({ success: true, result: { visible: 2, total: await totalPositions() } });
      // the admin belongs to no department: a department rule shows them nothing (it fails closed)
      expect((await preview(id)).result).toEqual({ visible: 0, total: await totalPositions(), roles: [] });
    });

    it('counts field rules with literal values and with values from the user', async () => {
      const literal = await rule({ kind: 'field', field: 'enCode', operator: 'like', value: `RV${process.pid}A` });
      expect((await preview(literal)).result.visible).toBe(2);
      const mine = await rule({ kind: 'field', field: 'organizeId', operator: 'in', valueFrom: 'user.departIds' });
      expect((await preview(mine, member)).result.visible).toBe(2);
      const all = await rule({ kind: 'all' });
      const result = (await preview(all)).result;
      expect(result.visible).toBe(result.total);
    });

    it('refuses a user of another tenant, an unknown rule and callers without the permission', async () => {
      const id = await rule({ kind: 'department' });
      const away = await insertUser(t.app.ctx.db.db, { username: `rv${process.pid}away`, password: 'Passw0rd1', tenantIds: [AWAY] });
      expect(await preview(id, away)).toMatchObject({ success: false, error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect(await preview('no-such-rule')).toMatchObject({ success: false, error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect((await admin.get('/sys/dataRule/preview', { id, sql: '1' })).status).toBe(400);
      const plain = await userWith(t, ['system:position:list']);
      expect((await plain.get('/sys/dataRule/preview', { id })).body).toMatchObject({ success: false, code: 510 });
    });

    it('previews as a role: each member counted with their own departments, under the enabled rules of the role on the model', async () => {
      const db = t.app.ctx.db.db;
      const roleId = await insertRole(db, `rv${process.pid}r${++seq}`);
      const department = await rule({ kind: 'department' });
      const onlyA1 = await rule({ kind: 'field', field: 'enCode', operator: 'eq', value: `RV${process.pid}A1` });
      const grant = async (ruleId: string) =>
        expect((await admin.post('/sys/roleDataRule/add', { roleId, ruleId })).body, 'grant').toMatchObject({ success: true });
      await grant(department);
      const inA = await insertUser(db, { username: `rv${process.pid}ra${seq}`, password: 'Passw0rd1', roleIds: [roleId], departIds: [depart.A] });
      await insertUser(db, { username: `rv${process.pid}rb${seq}`, password: 'Passw0rd1', roleIds: [roleId], departIds: [depart.B] });
      await insertUser(db, { username: `rv${process.pid}rz${seq}`, password: 'Passw0rd1', roleIds: [roleId], tenantIds: [AWAY] });
      const asRole = async (id: string) => (await admin.get('/sys/dataRule/preview', { id, roleId })).body;

      const held = await asRole(department);
      expect(held, JSON.stringify(held)).toMatchObject({
        success: true,
        result: { total: await totalPositions(), role: { id: roleId }, rules: 1, memberCount: 2 },
      });
      // the member of another tenant is not counted; each member sees their own department's positions
      expect(held.result.members.map((m: { username: string; visible: number }) => [m.username, m.visible])).toEqual([
        [`rv${process.pid}ra${seq}`, 2],
        [`rv${process.pid}rb${seq}`, 1],
      ]);
      expect(held.result.members[0].userId).toBe(inA);
      // the roles holding the rule are named in every answer
      expect((await preview(department)).result.roles).toEqual([{ id: roleId, roleName: roleId }]);

      // a rule the role does not hold yet: what its members would see with it among the role's rules (AND-ed)
      const withField = await asRole(onlyA1);
      expect(withField.result).toMatchObject({ rules: 2, memberCount: 2, roles: [] });
      expect(withField.result.members.map((m: { visible: number }) => m.visible)).toEqual([1, 0]);
    });

    it('refuses a role of another tenant or an unknown one, and userId with roleId', async () => {
      const id = await rule({ kind: 'department' });
      const away = await insertRole(t.app.ctx.db.db, `rv${process.pid}away${++seq}`, 1, AWAY);
      expect((await admin.get('/sys/dataRule/preview', { id, roleId: away })).body).toMatchObject({ success: false, error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect((await admin.get('/sys/dataRule/preview', { id, roleId: 'no-such-role' })).body).toMatchObject({
        success: false,
        error: 'CL_ERR_RECORD_NOT_FOUND',
      });
      expect((await admin.get('/sys/dataRule/preview', { id, roleId: away, userId: member })).body).toMatchObject({
        success: false,
        error: 'CL_ERR_BAD_REQUEST',
      });
    });

    it('needs system:dataRule:preview, the code the 预览 button names, not only the list permission (format v11)', async () => {
      const id = await rule({ kind: 'department' });
      const lister = await userWith(t, ['system:dataRule:list']);
      expect((await lister.get('/sys/dataRule/list')).body.success).toBe(true);
      expect((await lister.get('/sys/dataRule/preview', { id })).body).toMatchObject({ success: false, code: 510 });
      const previewer = await userWith(t, ['system:dataRule:list', 'system:dataRule:preview']);
      expect((await previewer.get('/sys/dataRule/preview', { id })).body).toMatchObject({ success: true, result: { total: await totalPositions() } });
      // the code is generated from the model's 预览 action and granted to the admin role when the module loads
      const granted = await sql<{
        n: number;
      }>`select count(*) as n from sys_role_permission where role_id = ${ADMIN_ROLE_ID} and permission_id = ${'btn:system:dataRule:preview'}`.execute(
        t.app.ctx.db.db,
      );
      expect(Number(granted.rows[0]!.n)).toBe(1);
    });
  });
});
