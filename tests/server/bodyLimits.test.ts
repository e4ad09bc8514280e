import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../../server/plugins/jsonBodyPlugin.js';
import { databaseMatrix } from '../helpers/databases.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../helpers/testApp.js';

const matrix = await databaseMatrix();
const json = { 'content-type': 'application/json' };

describe('nestsDeeperThan', () => {
  it('counts brackets outside strings only', () => {
    expect(nestsDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ a: '[[[[[[{{{{{', b: 'x\\"[[[[' }), 2)).toBe(false);
  });
});

describe.each(matrix)('$kind: body limits', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let token: string;
    const timed = async (run: () => Promise<{ statusCode: number }>) => {
      const started = performance.now();
      const res = await run();
      return { status: res.statusCode, ms: performance.now() - started };
    };

    beforeAll(async () => {
      t = await createTestApp(kind);
      token = await t.login();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('refuses a 1 MiB sign-in body with 413 before reading it all', async () => {
      const payload = JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD, filler: 'x'.repeat(1024 * 1024) });
      const res = await timed(() => t.request({ method: 'POST', url: '/sys/login', headers: json, payload }));
      console.info(`1 MiB sign-in body: ${res.status} in ${res.ms.toFixed(1)} ms`);
      expect(res.status).toBe(413);
      const fiveKb = JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD, captcha: 'x'.repeat(5000) });
      expect((await t.request({ method: 'POST', url: '/sys/login', headers: json, payload: fiveKb })).statusCode).toBe(413);
    });

    it('refuses properties the sign-in and password bodies do not name', async () => {
      const extra = await t.request({ method: 'POST', url: '/sys/login', payload: { username: 'admin', password: ADMIN_PASSWORD, isAdmin: true } });
      expect(extra.statusCode).toBe(400);
      expect(extra.json()).toMatchObject({ success: false, error: 'CL_ERR_BAD_REQUEST' });
      // what the client sends still signs in
      const ok = await t.request({
        method: 'POST',
        url: '/sys/login',
        payload: { username: 'admin', password: ADMIN_PASSWORD, captcha: '', checkKey: '1', remember_me: true },
      });
      expect(ok.json()).toMatchObject({ success: true });
      const change = { username: 'admin', oldpassword: ADMIN_PASSWORD, password: 'x', confirmpassword: 'x', role: 'admin' };
      const password = await t.request({ method: 'PUT', url: '/sys/user/updatePassword', token, payload: change });
      expect(password.statusCode).toBe(400);
      expect(password.json().error).toBe('CL_ERR_BAD_REQUEST');
      const big = { username: 'admin', oldpassword: ADMIN_PASSWORD, password: 'y'.repeat(5000), confirmpassword: 'y' };
      expect((await t.request({ method: 'PUT', url: '/sys/user/updatePassword', token, payload: big })).statusCode).toBe(413);
      const depart = await t.request({ method: 'PUT', url: '/sys/selectDepart', token, payload: { orgCode: 'A01', username: 'admin', tenantId: 2 } });
      expect(depart.statusCode).toBe(400);
    });

    it('refuses deeply nested bodies fast, on sign-in and on every other route', async () => {
      const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
      const login = await timed(() => t.request({ method: 'POST', url: '/sys/login', headers: json, payload: `{"username":${nested(1900)},"password":"x"}` }));
      expect(login.status).toBe(400);
      const bodies = Array.from({ length: 10 }, () => `{"fullName":${nested(100_000)}}`);
      const started = performance.now();
      const replies = await Promise.all(bodies.map((payload) => t.request({ method: 'POST', url: '/api/permission/Position', token, headers: json, payload })));
      const ms = performance.now() - started;
      console.info(`10 parallel 200 KB nested bodies refused in ${ms.toFixed(1)} ms`);
      for (const reply of replies) {
        expect(reply.statusCode).toBe(400);
        expect(reply.json()).toMatchObject({ error: 'CL_ERR_BAD_REQUEST' });
      }
      expect(ms).toBeLessThan(2000);
    });

    it('keeps the global limit at 256 KB', async () => {
      const payload = JSON.stringify({ fullName: 'x'.repeat(300 * 1024) });
      expect((await t.request({ method: 'POST', url: '/api/permission/Position', token, headers: json, payload })).statusCode).toBe(413);
    });
  });
});
