import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

// security.md §20, §22: every answer carries the security headers and a request id, never a version header.
describe('security headers (sqlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['a public route', '/healthz'],
    ['a refused request', '/sys/permission/getUserPermissionByToken'],
    ['an unknown path', '/nowhere'],
  ])('on %s', async (_, url) => {
    const res = await t.request({ method: 'GET', url });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{10}[0-9a-z]+$/);
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers.server).toBeUndefined();
  });

  it('gives every request its own id', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) ids.add(String((await t.request({ method: 'GET', url: '/healthz' })).headers['x-request-id']));
    expect(ids.size).toBe(20);
  });
});
