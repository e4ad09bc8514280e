import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { ensureTenant, insertUser, tenantAdminRole } from '../helpers/testRows.js';
import { client, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const USERS = '/api/permission/Users';
const OTHER_TENANT = 2;
const PASSWORD = 'Passw0rd1';

/**
 * sys_user is shared by the tenants an account works in: a change made to it in one tenant holds in all
 * of them. An administrator of one tenant must not reset, rename, freeze, unlock or delete an account
 * that also belongs to a tenant where they hold no such permission (they would sign in as it there).
 */
describe.each(matrix)('$kind: accounts shared by several tenants', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let serial = 0;
    const name = (what: string) => `${what}${process.pid}x${++serial}`;

    beforeAll(async () => {
      t = await createTestApp(kind);
      await ensureTenant(t.app.ctx.db.db, OTHER_TENANT);
    });
    afterAll(async () => {
      await t?.close();
    });

    /** an administrator of the given tenants (every permission in each), signed in to act in the first */
    async function administratorOf(tenantIds: number[]): Promise<Client> {
      const db = t.app.ctx.db.db;
      const username = name('tadmin');
      const id = await insertUser(db, { username, password: PASSWORD, tenantIds });
      for (const tenantId of tenantIds) await tenantAdminRole(db, tenantId, id);
      return client(t, await t.login(username, PASSWORD), { tenant: tenantIds[0] });
    }

    async function accountIn(tenantIds: number[]): Promise<{ id: string; username: string }> {
      const username = name('shared');
      return { id: await insertUser(t.app.ctx.db.db, { username, password: PASSWORD, tenantIds }), username };
    }

    it('refuses an administrator of one tenant every change to an account another tenant shares, and changes nothing', async () => {
      const admin2 = await administratorOf([OTHER_TENANT]);
      const shared = await accountIn([1, OTHER_TENANT]);
      const before = (await admin2.get(`${USERS}/${shared.id}`)).body.data;
      expect(before).toMatchObject({ id: shared.id, status: 1 });
      const refused = { code: 403, error: 'CL_ERR_ACCOUNT_SHARED' };
      expect((await admin2.post(`${USERS}/${shared.id}/Actions/ResetPassword`, { userPassword: 'Takeover123' })).body).toMatchObject(refused);
      expect((await admin2.put(`${USERS}/${shared.id}/Actions/unlock`, {})).body).toMatchObject(refused);
      expect((await admin2.put(`${USERS}/${shared.id}`, { realname: 'renamed', version: before.version })).body).toMatchObject(refused);
      expect((await admin2.put(`${USERS}/${shared.id}/Actions/State`)).body).toMatchObject(refused);
      expect((await admin2.del(`${USERS}/${shared.id}`)).body).toMatchObject(refused);
      expect((await admin2.post(`${USERS}/Actions/BatchDelete`, { ids: [shared.id] })).body).toMatchObject(refused);
      // the account is as it was: same password, name, state and version
      expect(await t.login(shared.username, PASSWORD)).toBeTruthy();
      await expect(t.login(shared.username, 'Takeover123')).rejects.toThrow();
      expect((await admin2.get(`${USERS}/${shared.id}`)).body.data).toMatchObject({ realname: before.realname, status: 1, version: before.version });
      // an account of another tenant alone is still answered like an unknown id, not as a shared one
      const elsewhere = await accountIn([1]);
      const unknown = await admin2.post(`${USERS}/no-such-user/Actions/ResetPassword`, { userPassword: 'Takeover123' });
      expect(unknown.body).toMatchObject({ error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect((await admin2.post(`${USERS}/${elsewhere.id}/Actions/ResetPassword`, { userPassword: 'Takeover123' })).body).toEqual({
        ...unknown.body,
        requestId: expect.any(String),
      });
      expect((await admin2.post(`${USERS}/Actions/BatchDelete`, { ids: [elsewhere.id] })).body).toMatchObject({ error: 'CL_ERR_RECORD_NOT_FOUND' });
    });

    it('still lets that administrator change the accounts of their own tenant alone', async () => {
      const admin2 = await administratorOf([OTHER_TENANT]);
      const own = await accountIn([OTHER_TENANT]);
      const row = (await admin2.get(`${USERS}/${own.id}`)).body.data;
      expect((await admin2.put(`${USERS}/${own.id}`, { realname: 'renamed', version: row.version })).body).toMatchObject({ code: 200 });
      expect((await admin2.post(`${USERS}/${own.id}/Actions/ResetPassword`, { userPassword: 'Another123' })).body).toMatchObject({ code: 200 });
      expect((await admin2.post(`${USERS}/Actions/BatchDelete`, { ids: [own.id] })).body).toMatchObject({ code: 200 });
    });

    it('lets an administrator who holds the permission in every tenant of the account change it', async () => {
      const both = await administratorOf([OTHER_TENANT, 1]);
      const shared = await accountIn([1, OTHER_TENANT]);
      expect((await both.post(`${USERS}/${shared.id}/Actions/ResetPassword`, { userPassword: 'Another123' })).body).toMatchObject({ code: 200 });
      expect(await t.login(shared.username, 'Another123')).toBeTruthy();
      expect((await both.put(`${USERS}/${shared.id}/Actions/State`)).body).toMatchObject({ code: 200, data: { status: 2 } });
    });
  });
});
