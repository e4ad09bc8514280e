import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { scopeFixtureHooks } from '../helpers/scopeFixtureHooks.js';
import { createTestApp, fixturePath, type TestApp } from '../helpers/testApp.js';
import { grant, insertDepart, insertRole, insertUser } from '../helpers/testRows.js';
import { client, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const BASE = '/api/scopefixture/Case';

interface Figures {
  days: string[];
  modules: { modelId: string; title: string; total: number; week: number[] | null }[];
}

// The home page's figures (server/api/homeFigures.ts): counted by the engine in the caller's scope, for the
// models whose list the caller may open, never made up.
describe.each(matrix)('$kind: GET /sys/home/figures', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let departA = '';

    const figures = async (c: Client): Promise<Figures> => {
      const res = await c.get('/sys/home/figures');
      expect(res.body).toMatchObject({ success: true });
      return res.body.result as Figures;
    };

    beforeAll(async () => {
      t = await createTestApp(kind, { extraSchemaDirs: [fixturePath('scopeModules')], hooks: scopeFixtureHooks() });
      admin = client(t, await t.login());
      departA = await insertDepart(t.app.ctx.db.db, `HF${process.pid}`, '检测一部');
      for (const [title, departId] of [
        ['A-1', departA],
        ['A-2', departA],
        ['other', null],
      ] as const) {
        expect((await admin.post(BASE, { title, departId, category: 'x' })).body.code).toBe(200);
      }
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers 401 without a session', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/sys/home/figures' });
      expect(res.statusCode).toBe(401);
    });

    it('counts the records of every listable model, with this week’s additions per day', async () => {
      const result = await figures(admin);
      expect(result.days).toHaveLength(7);
      const cases = result.modules.find((m) => m.modelId === 'scopefixture.case');
      expect(cases).toMatchObject({ total: 3 });
      expect(cases!.week).toHaveLength(7);
      expect(cases!.week!.at(-1)).toBe(3);
      expect(cases!.week!.slice(0, 6)).toEqual([0, 0, 0, 0, 0, 0]);
    });

    it('applies the data scope and leaves out models the user may not list', async () => {
      const db = t.app.ctx.db.db;
      const rule = await admin.post('/sys/dataRule/add', { name: 'home figures rule', modelId: 'scopefixture.case', kind: 'department' });
      const roleId = await insertRole(db, `homefig${process.pid}`);
      await grant(db, roleId, ['btn:scopefixture:case:list']);
      expect((await admin.post('/sys/roleDataRule/add', { roleId, ruleId: rule.body.result.id })).body).toMatchObject({ success: true });
      const username = `homefig${process.pid}`;
      await insertUser(db, { username, password: 'Passw0rd1', roleIds: [roleId], departIds: [departA] });
      const result = await figures(client(t, await t.login(username, 'Passw0rd1')));
      expect(result.modules.map((m) => [m.modelId, m.total])).toEqual([['scopefixture.case', 2]]);
    });
  });
});
