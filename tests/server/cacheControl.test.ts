import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../helpers/testApp.js';

const matrix = await databaseMatrix();

describe.each(matrix)('$kind: Cache-Control', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      const clientDir = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'cloudlab-cache-client-'));
      fs.mkdirSync(path.join(clientDir, 'assets'));
      fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>x</title>');
      fs.writeFileSync(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)');
      t = await createTestApp(kind, { config: { clientDir } });
      token = await t.login();
    });
    afterAll(async () => {
      const dir = t?.app.ctx.config.clientDir;
      await t?.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('is no-store on every API answer, the sign-in answer with its token included', async () => {
      const login = await t.request({ method: 'POST', url: '/sys/login', payload: { username: 'admin', password: ADMIN_PASSWORD } });
      expect(login.json().result.token).toBeTruthy();
      expect(login.headers['cache-control']).toBe('no-store');
      for (const url of ['/sys/permission/getUserPermissionByToken', '/api/permission/Position', '/sys/dict/queryAllDictItems', '/sys/nothing']) {
        expect((await t.request({ method: 'GET', url, token })).headers['cache-control'], url).toBe('no-store');
        expect((await t.request({ method: 'GET', url })).headers['cache-control'], `${url} anonymous`).toBe('no-store');
      }
    });

    it('leaves the client files their own caching', async () => {
      expect((await t.request({ method: 'GET', url: '/assets/app-1234.js' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await t.request({ method: 'GET', url: '/' })).headers['cache-control']).toBe('no-cache');
    });
  });
});
