import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../helpers/testApp.js';

const matrix = await databaseMatrix();

describe.each(matrix)('$kind: sign-in', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('signs the admin in with the configured password and never returns the password', async () => {
      const res = await t.request({ method: 'POST', url: '/sys/login', payload: { username: 'admin', password: ADMIN_PASSWORD } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, code: 200 });
      expect(body.result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.result.userInfo).toMatchObject({ username: 'admin', mustChangePassword: false });
      expect(body.result.userInfo).not.toHaveProperty('password');
      expect(body.result.userInfo).not.toHaveProperty('salt');
      expect(body.result.multi_depart).toBe(1);
      expect(body.result.departs[0]).toMatchObject({ orgCode: 'A01' });
    });

    it('answers a wrong password and an unknown user with the same message', async () => {
      const wrong = await t.request({ method: 'POST', url: '/sys/login', payload: { username: 'admin', password: 'nope1234' } });
      const unknown = await t.request({ method: 'POST', url: '/sys/login', payload: { username: 'ghost', password: 'nope1234' } });
      expect(wrong.json()).toMatchObject({ success: false, code: 500, message: '用户名或密码错误' });
      expect(unknown.json()).toMatchObject({ success: false, code: 500, message: '用户名或密码错误' });
    });

    it('kills the token at logout', async () => {
      const token = await t.login();
      const out = await t.request({ method: 'POST', url: '/sys/logout', token });
      expect(out.json()).toMatchObject({ success: true });
      const again = await t.request({ method: 'POST', url: '/sys/logout', token });
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ success: false, code: 401 });
    });
  });
});
