import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseMatrix } from '../helpers/databases.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../helpers/testApp.js';

const matrix = await databaseMatrix();

describe.each(matrix)('$kind: the first admin password from CLOUDLAB_ADMIN_PASSWORD', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { adminFirstSignIn: true });
    });
    afterAll(async () => {
      await t?.close();
    });

    it.each([
      ['too short', 'ab12'],
      ['no digit', 'onlyletters'],
      ['a common password', 'password123'],
      ['not letters and digits', 'Admin 1234!'],
    ])('refuses to start with one that breaks the policy (%s)', async (_why, adminPassword) => {
      const database = await createTestDatabase(kind);
      try {
        await expect(createTestApp(kind, { database, config: { adminPassword } })).rejects.toThrow(/CLOUDLAB_ADMIN_PASSWORD does not pass the password policy/);
      } finally {
        await database.drop();
      }
    });

    it('must be changed at first sign-in', async () => {
      const login = (await t.request({ method: 'POST', url: '/sys/login', payload: { username: 'admin', password: ADMIN_PASSWORD } })).json();
      expect(login).toMatchObject({ success: true, result: { userInfo: { mustChangePassword: true } } });
      const token = login.result.token;
      const blocked = await t.request({ method: 'GET', url: '/api/permission/Position', token });
      expect(blocked.json()).toMatchObject({ error: 'CL_ERR_AUTH_PASSWORD_CHANGE_REQUIRED' });
      const change = { username: 'admin', oldpassword: ADMIN_PASSWORD, password: 'Changed2026x', confirmpassword: 'Changed2026x' };
      expect((await t.request({ method: 'PUT', url: '/sys/user/updatePassword', token, payload: change })).json()).toMatchObject({ success: true });
      const again = await t.login('admin', 'Changed2026x');
      expect((await t.request({ method: 'GET', url: '/api/permission/Position', token: again })).json()).toMatchObject({ code: 200 });
    });
  });
});
