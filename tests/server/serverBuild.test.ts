import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureServerBuild, serverBuildIsStale } from '../../scripts/serverBuild.js';
import { buildApp } from '../../server/app.js';

// npm start runs the esbuild bundle of the server under plain node (scripts/serverBuild.ts): it must find
// the project root, the model files and its worker scripts from dist/server as it does from server/.
describe('the built server (npm start)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-built-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('starts from dist/server/main.js without tsx, signs in and lists users', async () => {
    const bundle = await ensureServerBuild(() => undefined);
    expect(serverBuildIsStale()).toBe(false);
    // every source file's own location is written in; packages stay outside the bundle
    expect(fs.readFileSync(bundle, 'utf8')).not.toContain('import.meta.url');

    // the admin's first password as a fixture (no change asked at first sign-in), as the benchmarks do
    await (await buildApp({ config: { dataDir, databaseUrl: null, adminPassword: 'BuiltServer2026', expiryNotice: null }, adminPasswordFinal: true })).close();
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    // SQLite in dataDir, whatever database the test run was given
    const { DATABASE_URL: _unused, ...inherited } = process.env;
    const child = spawn(process.execPath, [bundle], {
      env: {
        ...inherited,
        NODE_OPTIONS: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        CLOUDLAB_DATA_DIR: dataDir,
        CLOUDLAB_ADMIN_PASSWORD: 'BuiltServer2026',
        LOG_LEVEL: 'warn',
        CLOUDLAB_CLIENT_DIR: path.join(dataDir, 'none'),
        CLOUDLAB_EXPIRY_NOTICE_DAYS: '0',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const base = `http://127.0.0.1:${port}`;
      let ready = false;
      for (let i = 0; i < 150 && !ready && child.exitCode === null; i++) {
        ready = await fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ready) await new Promise((r) => setTimeout(r, 200));
      }
      expect(ready).toBe(true);
      const login = (await fetch(`${base}/sys/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'BuiltServer2026' }),
      }).then((r) => r.json())) as { success: boolean; result: { token: string } };
      expect(login.success).toBe(true);
      const users = (await fetch(`${base}/sys/user/list?pageNo=1&pageSize=10`, { headers: { 'x-access-token': login.result.token, tenant_id: '1' } }).then(
        (r) => r.json(),
      )) as { success: boolean; result: { records: { username: string }[] } };
      expect(users.success).toBe(true);
      expect(users.result.records.map((u) => u.username)).toContain('admin');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 120_000);
});
