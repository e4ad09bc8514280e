import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

const matrix = await databaseMatrix();

/** A built client whose folder (wrongly) also holds files under API prefixes. */
function clientFolder(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-client-'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>client</title>');
  for (const prefix of ['app', 'websocket']) {
    fs.mkdirSync(path.join(root, prefix));
    fs.writeFileSync(path.join(root, prefix, 'secret.txt'), 'not for the API');
  }
  return root;
}

describe.each(matrix)('$kind: API prefixes never reach the static files', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let root: string;
    beforeAll(async () => {
      root = clientFolder();
      t = await createTestApp(kind, { config: { clientDir: root } });
    });
    afterAll(async () => {
      await t?.close();
      fs.rmSync(root, { recursive: true, force: true });
    });

    it('still serves the client itself', async () => {
      const res = await t.request({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('client');
    });

    it.each(['/app/secret.txt', '/websocket/secret.txt', '/app/nothing', '/api/nothing', '/sys/nothing'])(
      'answers %s with 401, then 404 once signed in',
      async (url) => {
        const anonymous = await t.request({ method: 'GET', url });
        expect(anonymous.statusCode).toBe(401);
        const signedIn = await t.request({ method: 'GET', url, token: await t.login() });
        expect(signedIn.statusCode).toBe(404);
        expect(signedIn.body).not.toContain('not for the API');
      },
    );
  });
});
