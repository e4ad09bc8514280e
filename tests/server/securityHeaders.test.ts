import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetHeaders, rawHeaderNames, securityHeaderOptions, securityHeaders } from '../../server/plugins/securityHeaders.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

// What the server adds to an answer besides the security headers.
const NOT_SECURITY = new Set(['content-type', 'content-length', 'date', 'connection', 'x-request-id', 'cache-control']);

/** The security headers of an answer: every name as sent on the wire (the raw response's spelling and order) with its value. */
function headerSet(res: LightMyRequestResponse): [string, string][] {
  const raw = res.raw.res;
  return rawHeaderNames(raw)
    .filter((name) => !NOT_SECURITY.has(name.toLowerCase()))
    .map((name) => [name, String(raw.getHeader(name))]);
}

// The headers are computed once from helmet; this holds them to what @fastify/helmet itself sends for the same options.
describe('precomputed security headers against @fastify/helmet', () => {
  const apps: FastifyInstance[] = [];
  async function appWith(register: (app: FastifyInstance) => PromiseLike<unknown>): Promise<FastifyInstance> {
    const app = Fastify();
    await register(app);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    await app.ready();
    apps.push(app);
    return app;
  }
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it.each(['/ok', '/fails', '/nowhere'])('sends the same header set on %s', async (url) => {
    const plugin = await appWith((app) => app.register(fastifyHelmet, securityHeaderOptions));
    const ours = await appWith((app) => app.register(securityHeaders, securityHeaderOptions));
    const expected = headerSet(await plugin.inject({ method: 'GET', url }));
    expect(expected.length).toBeGreaterThan(10);
    expect(headerSet(await ours.inject({ method: 'GET', url }))).toEqual(expected);
  });

  it('is exactly what the server sends', async () => {
    const t = await createTestApp('sqlite');
    try {
      expect(headerSet(await t.request({ method: 'GET', url: '/healthz' }))).toEqual(helmetHeaders(securityHeaderOptions));
    } finally {
      await t.close();
    }
  });

  it('refuses options whose headers differ per request', () => {
    expect(() => helmetHeaders({ ...securityHeaderOptions, enableCSPNonces: true })).toThrow(/nonces/);
  });
});

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
