import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { insertUser } from '../helpers/testRows.js';

const matrix = await databaseMatrix();
const URL = '/admin/index/getToken';
const PASSWORD = 'Business2024';

describe.each(matrix)('$kind: POST /admin/index/getToken', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(async () => {
      await t?.close();
    });

    // cases run shuffled: each signs in as a user of its own
    let serial = 0;
    const freshUser = async () => {
      const username = `biz${++serial}`;
      await insertUser(t.app.ctx.db.db, { username, password: PASSWORD });
      return { username, token: await t.login(username, PASSWORD) };
    };

    it('answers the account name and a new token that is a working session of that user', async () => {
      const { username, token } = await freshUser();
      const res = await t.request({ method: 'POST', url: URL, token, payload: { account: username } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, code: 200, result: { name: username } });
      const business = body.result.token as string;
      expect(business).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(business).not.toBe(token);
      // the token signs its holder in as that user, and only that user
      const info = await t.request({ method: 'GET', url: '/sys/user/getCurrentUserDeparts', token: business });
      expect(info.json()).toMatchObject({ success: true });
      const again = (await t.request({ method: 'POST', url: URL, token: business, payload: { account: username } })).json();
      expect(again.result.name).toBe(username);
      expect(again.result.token).not.toBe(business);
      // a password change ends it like every other session of the user
      await t.request({
        method: 'PUT',
        url: '/sys/user/updatePassword',
        token,
        payload: { username, oldpassword: PASSWORD, password: 'Business2025', confirmpassword: 'Business2025' },
      });
      expect((await t.request({ method: 'GET', url: '/sys/user/getCurrentUserDeparts', token: business })).statusCode).toBe(401);
    });

    it('needs a signed-in caller', async () => {
      const res = await t.request({ method: 'POST', url: URL, payload: { account: 'admin' } });
      expect(res.statusCode).toBe(401);
      expect(JSON.stringify(res.json())).not.toMatch(/"token":"[A-Za-z0-9_-]{43}"/);
    });

    it('refuses another account than the caller’s and logs the attempt', async () => {
      const { username, token } = await freshUser();
      const res = await t.request({ method: 'POST', url: URL, token, payload: { account: 'admin' } });
      expect(res.json()).toMatchObject({ success: false });
      expect(res.json().result ?? null).toBeNull();
      const logged = await t.app.ctx.db.db
        .selectFrom('sysSecurityLog')
        .select(['detail'])
        .where('event', '=', 'self.mismatch')
        .where('username', '=', username)
        .execute();
      expect(logged).toHaveLength(1);
    });

    it('refuses a body without an account or with fields it does not know', async () => {
      const { username, token } = await freshUser();
      for (const payload of [{}, { account: '' }, { account: username, userId: 'x' }]) {
        const res = await t.request({ method: 'POST', url: URL, token, payload });
        expect(res.json()).toMatchObject({ success: false });
      }
    });
  });
});
