import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

// The static handler does not touch the database: SQLite is enough.
describe('static client files: client errors and dotfiles', () => {
  let t: TestApp;
  beforeAll(async () => {
    const clientDir = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'cloudlab-static-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>x</title>');
    fs.writeFileSync(path.join(clientDir, '.build-stamp'), 'BUILD-STAMP-CONTENT');
    fs.mkdirSync(path.join(clientDir, '.hidden'));
    fs.writeFileSync(path.join(clientDir, '.hidden', 'a.js'), '1');
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-1.js'), 'console.log(1)');
    t = await createTestApp('sqlite', { config: { clientDir } });
  });
  afterAll(async () => {
    const dir = t?.app.ctx.config.clientDir;
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('never serves dotfiles', async () => {
    for (const url of ['/.build-stamp', '/.hidden/a.js', '/assets/../.build-stamp', '/%2ebuild-stamp']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('BUILD-STAMP-CONTENT');
    }
  });

  // only an unexpected error (a 5xx, errorPlugin's toAppError) is logged with its stack
  it('answers client errors with 4xx, not as unexpected errors', async () => {
    const cases: [string, Record<string, string>][] = [
      ['/assets/app-1.js', { range: 'bytes=999-1000' }],
      ['/assets/%E0%A4%A', {}],
      [`/assets/${'a'.repeat(300)}/${'b'.repeat(5000)}.js`, {}],
      [`/${'x'.repeat(10_000)}`, {}],
    ];
    for (const [url, headers] of cases) {
      const res = await t.request({ method: 'GET', url, headers });
      expect(res.statusCode, url.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url.slice(0, 40)).toBeLessThan(500);
    }
  });
});
