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
      const user = client(t, await t.login(username, 'Passw0rd1'));
      const result = await figures(user);
      expect(result.modules.map((m) => [m.modelId, m.total])).toEqual([['scopefixture.case', 2]]);
      // the monthly chart: the same scope, and no other model's series (the admin sees more)
      const monthly = await user.get('/sys/home/monthly', { months: 3, degree: 2 });
      expect(monthly.body.result.map((s: { name: string; y: number[] }) => s.y)).toEqual([[0, 0, 2]]);
      expect((await admin.get('/sys/home/monthly', { months: 3 })).body.result.length).toBeGreaterThan(1);
      // named models: only the listable ones, an unknown one left out alike
      const named = await user.get('/sys/home/monthly', { months: 2, models: 'system.user,scopefixture.case,no.such' });
      expect(named.body.result).toEqual([{ name: '案件', x: expect.any(Array), y: [0, 2] }]);
      const both = await admin.get('/sys/home/monthly', { months: 2, models: 'scopefixture.case,system.tenant' });
      expect(both.body.result.map((s: { y: number[] }) => s.y.at(-1))).toEqual([3, expect.any(Number)]);
    });

    it('counts the records created per month as chart series (the chart fetch), busiest first, months bounded', async () => {
      const res = await admin.get('/sys/home/monthly', { months: 4, degree: 2, singleOptionalType: '' });
      const series = res.body.result as { name: string; x: string[]; y: number[] }[];
      const month = new Date();
      const thisMonth = `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}`;
      expect(series.length).toBeLessThanOrEqual(6);
      for (const one of series) {
        expect(one.x).toHaveLength(4);
        expect(one.x.at(-1)).toBe(thisMonth);
        expect(one.y.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      }
      const cases = await admin.get('/sys/home/monthly', { months: 4, models: 'scopefixture.case' });
      expect(cases.body.result).toEqual([{ name: '案件', x: series[0]!.x, y: [0, 0, 0, 3] }]);
      const totals = series.map((s) => s.y.reduce((a, b) => a + b, 0));
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
      expect((await admin.get('/sys/home/monthly', { months: 25 })).body).toMatchObject({ success: false });
      expect((await t.app.inject({ method: 'GET', url: '/sys/home/monthly' })).statusCode).toBe(401);
    });
  });
});
