import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// security.md §25: SIGTERM drains in-flight requests, then the process exits cleanly.
describe('graceful shutdown (real process, sqlite)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-shutdown-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('finishes a sign-in that is under way when SIGTERM arrives, then exits with 0', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        CLOUDLAB_DATA_DIR: dataDir,
        CLOUDLAB_ADMIN_PASSWORD: 'Shutdown2026',
        LOG_LEVEL: 'warn',
        CLOUDLAB_CLIENT_DIR: path.join(dataDir, 'none'),
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 150; i++) {
      if (
        await fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 200));
    }
    // 1. a request that takes a while (scrypt) is in flight…
    const login = fetch(`${base}/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Shutdown2026' }),
    });
    await new Promise((r) => setTimeout(r, 15));
    // 2. …when the process is told to stop: the request still gets its answer
    child.kill('SIGTERM');
    const res = await login;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { success: boolean }).success).toBe(true);
    // 3. and the process ends on its own, cleanly
    expect(await exited).toBe(0);
  }, 60_000);
});
