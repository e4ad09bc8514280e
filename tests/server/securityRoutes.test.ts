import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import accessPlugin, { listRoutes } from '../../server/plugins/accessPlugin.js';
import contextPlugin, { type AppContext } from '../../server/plugins/contextPlugin.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

const matrix = await databaseMatrix();
const PROTECTED = '/sys/permission/getUserPermissionByToken';

/** The only routes anyone may call without signing in; a new one must be added here on purpose. */
// the preview route is public by design: it takes a 60 s single-file ticket that only a signed-in call issues
const PUBLIC_ROUTES = [
  'GET /healthz',
  'HEAD /healthz',
  'GET /readyz',
  'HEAD /readyz',
  'POST /sys/login',
  'GET /api/file/Uploader/Preview/:ticket',
  'HEAD /api/file/Uploader/Preview/:ticket',
];

describe.each(matrix)('$kind: deny by default', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('records an access declaration for every route, and only the known ones are public', () => {
      const routes = listRoutes(t.app);
      expect(routes.length).toBeGreaterThan(10);
      for (const route of routes) {
        const { access } = route;
        expect(access === 'public' || access === 'authenticated' || typeof access.permission === 'string', `${route.method} ${route.url}`).toBe(true);
      }
      const publicRoutes = routes.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`);
      expect(publicRoutes.sort()).toEqual([...PUBLIC_ROUTES].sort());
    });

    it('answers 401 in the family’s envelope on every non-public route without a token', async () => {
      const routes = listRoutes(t.app).filter((r) => r.access !== 'public');
      for (const route of routes) {
        const url = route.url.replace(/:\w+/g, 'x').replace('*', 'x');
        const res = await t.request({ method: route.method as 'GET', url });
        const where = `${route.method} ${route.url}`;
        expect(res.statusCode, where).toBe(401);
        if (route.method === 'HEAD') continue;
        if (url.startsWith('/api/')) expect(res.json(), where).toMatchObject({ code: 602 });
        else expect(res.json(), where).toMatchObject({ success: false, code: 401, message: 'Token失效，请重新登录!' });
      }
    });

    it('treats unmatched API paths as protected, in the family’s envelope', async () => {
      const api = await t.request({ method: 'GET', url: '/api/nothing/here' });
      expect(api.statusCode).toBe(401);
      expect(api.json()).toMatchObject({ code: 602, msg: 'Token失效，请重新登录!' });
      const jeecg = await t.request({ method: 'POST', url: '/sys/nothing/here' });
      expect(jeecg.statusCode).toBe(401);
      expect(jeecg.json()).toMatchObject({ success: false, code: 401 });
      const token = await t.login();
      const found = await t.request({ method: 'GET', url: '/api/nothing/here', token });
      expect(found.statusCode).toBe(404);
      expect(found.json()).toMatchObject({ code: 404 });
    });

    it.each([
      `${PROTECTED};.js`,
      `${PROTECTED}.js`,
      `${PROTECTED}%00.js`,
      `/%2e${PROTECTED}`,
      `/%2E${PROTECTED}`,
      `/sys/login/..${PROTECTED.slice('/sys'.length)}`,
      `/sys/login/%2e%2e${PROTECTED.slice('/sys'.length)}`,
      `/${PROTECTED}`,
      `${PROTECTED}/`,
      PROTECTED.toUpperCase(),
      '/SYS/permission/getUserPermissionByToken',
      '/sys/Permission/getUserPermissionByToken',
      `/static/..${PROTECTED}`,
      `${PROTECTED}?_t=1.js`,
    ])('never serves %s without a token', async (url) => {
      const res = await t.request({ method: 'GET', url });
      expect([401, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('allAuth');
    });

    it('serves the plain path with a token (the tricks above are refused, not broken)', async () => {
      const token = await t.login();
      const res = await t.request({ method: 'GET', url: PROTECTED, token });
      expect(res.statusCode).toBe(200);
      expect(res.json().result).toHaveProperty('allAuth');
    });

    it.each(['token', 'X-Access-Token', 'x-access-token', 'access_token'])('ignores a token passed as ?%s=', async (name) => {
      const token = await t.login();
      const res = await t.request({ method: 'GET', url: `${PROTECTED}?${name}=${token}` });
      expect(res.statusCode).toBe(401);
    });
  });
});

describe('route registration', () => {
  async function bareApp() {
    const app = Fastify();
    // the access hook reads app.ctx only while serving requests; registration needs none of it
    await app.register(contextPlugin, {} as AppContext);
    await app.register(accessPlugin, { sessionPolicy: { lifetimeMs: 1000, idleMs: 1000 } });
    return app;
  }

  it('throws when a route declares no access', async () => {
    const app = await bareApp();
    expect(() => app.get('/sys/undeclared', async () => ({}))).toThrow(/declares no config\.access/);
    await app.close();
  });

  it('fails the build when a plugin registers a route without access', async () => {
    const app = await bareApp();
    const registering = app.register(async (child) => {
      child.post('/api/undeclared', async () => ({}));
    });
    await expect(registering).rejects.toThrow(/POST \/api\/undeclared declares no config\.access/);
    await app.close().catch(() => {});
  });

  it('records routes that do declare access', async () => {
    const app = await bareApp();
    app.get('/sys/declared', { config: { access: { permission: 'x:y:list' } } }, async () => ({}));
    await app.ready();
    expect(listRoutes(app)).toEqual(
      expect.arrayContaining([{ method: 'GET', url: '/sys/declared', access: { permission: 'x:y:list' }, duringPasswordChange: false }]),
    );
    await app.close();
  });
});
