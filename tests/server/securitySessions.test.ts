import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../server/config.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { insertUser } from '../helpers/testRows.js';

const matrix = await databaseMatrix();
const PASSWORD = 'Session2024pw';
const JEECG_ROUTE = '/sys/user/getCurrentUserDeparts';
// no /api route needs only a session yet; an unmatched /api path is authenticated like a protected one
const API_ROUTE = '/api/anything/at/all';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function apiCode(t: TestApp, token: string): Promise<{ status: number; code: number }> {
  const res = await t.request({ method: 'GET', url: API_ROUTE, token });
  return { status: res.statusCode, code: res.json().code };
}

describe.each(matrix)('$kind: sessions', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
      const db = t.app.ctx.db.db;
      for (const username of ['leaver', 'changer', 'frozen', 'tenanted']) await insertUser(db, { username, password: PASSWORD });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('kills a logged-out token (401; api code 602)', async () => {
      const token = await t.login('leaver', PASSWORD);
      expect((await apiCode(t, token)).status).toBe(404);
      await t.request({ method: 'POST', url: '/sys/logout', token });
      expect(await apiCode(t, token)).toEqual({ status: 401, code: 602 });
      expect((await t.request({ method: 'GET', url: JEECG_ROUTE, token })).json()).toMatchObject({ success: false, code: 401 });
    });

    it('kills the other sessions of a user who changed the password', async () => {
      const other = await t.login('changer', PASSWORD);
      const token = await t.login('changer', PASSWORD);
      const changed = await t.request({
        method: 'PUT',
        url: '/sys/user/updatePassword',
        token,
        payload: { username: 'changer', oldpassword: PASSWORD, password: 'Changed2024pw', confirmpassword: 'Changed2024pw' },
      });
      expect(changed.json()).toMatchObject({ success: true });
      expect(await apiCode(t, other)).toEqual({ status: 401, code: 602 });
      expect((await t.request({ method: 'GET', url: JEECG_ROUTE, token })).statusCode).toBe(200);
    });

    it('kills the session of a frozen user (api code 601) and answers 该用户已冻结 only to the right password', async () => {
      const token = await t.login('frozen', PASSWORD);
      await t.app.ctx.db.db.updateTable('sysUser').set({ status: 2 }).where('username', '=', 'frozen').execute();
      expect(await apiCode(t, token)).toEqual({ status: 401, code: 601 });
      expect((await t.request({ method: 'GET', url: JEECG_ROUTE, token })).json()).toMatchObject({ success: false, code: 401 });
      const wrong = await t.request({ method: 'POST', url: '/sys/login', payload: { username: 'frozen', password: 'Wrong2024pw' } });
      expect(wrong.json()).toMatchObject({ success: false, message: '用户名或密码错误' });
      const right = await t.request({ method: 'POST', url: '/sys/login', payload: { username: 'frozen', password: PASSWORD } });
      expect(right.json()).toMatchObject({ success: false, message: '该用户已冻结' });
    });

    it('refuses a tenant_id the user does not belong to (403, logged) and defaults 0 or none', async () => {
      const token = await t.login('tenanted', PASSWORD);
      for (const tenant of ['2', '999', 'abc', '1 or 1=1']) {
        const res = await t.request({ method: 'GET', url: JEECG_ROUTE, token, tenant });
        expect(res.statusCode, tenant).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 403, error: 'CL_ERR_TENANT_FORBIDDEN' });
      }
      // the access hook writes this log without holding up the refusal
      const logged = () =>
        t.app.ctx.db.db.selectFrom('sysSecurityLog').select('id').where('event', '=', 'tenant.mismatch').where('username', '=', 'tenanted').execute();
      await expect.poll(async () => (await logged()).length).toBe(4);
      for (const tenant of ['0', '1', undefined]) {
        expect((await t.request({ method: 'GET', url: JEECG_ROUTE, token, tenant })).statusCode, String(tenant)).toBe(200);
      }
    });
  });
});

const TIMEOUTS: [string, Partial<AppConfig['session']>][] = [
  ['absolute lifetime', { lifetimeMs: 1000 }],
  ['idle timeout', { idleMs: 1000 }],
];

describe.each(matrix)('$kind: session timeouts', ({ kind, available }) => {
  describe.skipIf(!available).each(TIMEOUTS)('%s', (_name, session) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { config: { session: { lifetimeMs: 7 * 24 * 3600_000, idleMs: 8 * 3600_000, ...session } } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers 401 (api code 600) once the session has timed out', async () => {
      const token = await t.login();
      expect((await t.request({ method: 'GET', url: JEECG_ROUTE, token })).statusCode).toBe(200);
      await sleep(1100);
      expect(await apiCode(t, token)).toEqual({ status: 401, code: 600 });
      const jeecg = await t.request({ method: 'GET', url: JEECG_ROUTE, token });
      expect(jeecg.statusCode).toBe(401);
      expect(jeecg.json()).toMatchObject({ success: false, code: 401, error: 'CL_ERR_AUTH_TOKEN_EXPIRED' });
    });
  });
});
