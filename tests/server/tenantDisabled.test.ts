import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { ensureTenant, grant, insertRole, insertUser } from '../helpers/testRows.js';
import { client } from './engineSupport.js';

const matrix = await databaseMatrix();
const POSITION_CODES = ['list', 'add'].map((a) => `btn:system:position:${a}`);
const BASE = '/api/permission/Position';
const TENANT = 7;

describe.each(matrix)('$kind: a disabled tenant', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    const setTenantStatus = (status: number) => t.app.ctx.db.db.updateTable('sysTenant').set({ status }).where('id', '=', TENANT).execute();
    const signIn = (username: string) => t.request({ method: 'POST', url: '/sys/login', payload: { username, password: 'Passw0rd1' } });

    beforeAll(async () => {
      t = await createTestApp(kind);
      const db = t.app.ctx.db.db;
      await ensureTenant(db, TENANT);
      // permissions are per tenant: a role of tenant seven, and one of tenant 1 for the member of both
      const roleId = await insertRole(db, 'tenant-seven-role', 1, TENANT);
      const roleOne = await insertRole(db, 'tenant-one-role', 1, 1);
      await grant(db, roleId, POSITION_CODES);
      await grant(db, roleOne, POSITION_CODES);
      await insertUser(db, { username: 'seven', password: 'Passw0rd1', roleIds: [roleId], tenantIds: [TENANT] });
      await insertUser(db, { username: 'oneandseven', password: 'Passw0rd1', roleIds: [roleId, roleOne], tenantIds: [1, TENANT] });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('refuses its existing sessions (list and create) and its users’ sign-in, until it is enabled again', async () => {
      await setTenantStatus(1);
      const login = await signIn('seven');
      expect(login.json()).toMatchObject({ success: true, result: { userInfo: { tenantIds: [TENANT] } } });
      const seven = client(t, login.json().result.token);
      expect((await seven.get(BASE)).body).toMatchObject({ code: 200 });

      await setTenantStatus(0);
      for (const reply of [await seven.get(BASE), await seven.post(BASE, { fullName: '停用租户岗位', enCode: 'OFF7' })]) {
        expect(reply.status).toBe(403);
        expect(reply.body).toMatchObject({ code: 403, error: 'CL_ERR_TENANT_DISABLED', msg: '该租户已停用，请联系管理员' });
      }
      const refused = await signIn('seven');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, error: 'CL_ERR_TENANT_DISABLED', message: '该租户已停用，请联系管理员' });
      const { rows } = await sql`select id from sys_position where en_code = ${'OFF7'}`.execute(t.app.ctx.db.db);
      expect(rows).toHaveLength(0);

      await setTenantStatus(1);
      expect((await seven.get(BASE)).body).toMatchObject({ code: 200 });
    });

    it('leaves a user their other tenants', async () => {
      await setTenantStatus(0);
      const login = await signIn('oneandseven');
      expect(login.json()).toMatchObject({ success: true, result: { userInfo: { tenantIds: [1] } } });
      const token = login.json().result.token;
      expect((await client(t, token).get(BASE)).body).toMatchObject({ code: 200 });
      const asked = await client(t, token, { tenant: TENANT }).get(BASE);
      expect(asked.body).toMatchObject({ error: 'CL_ERR_TENANT_DISABLED' });
      await setTenantStatus(1);
    });
  });
});
