import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from '../../server/plugins/accessPlugin.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, columnsOf, userWith, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const BASE = '/api/runtime/Gauge';

/** A model nobody shipped as a file: it only ever exists through releases (`name` keeps cases apart). */
function gaugeModel(extraFields: Record<string, object> = {}, name = 'gauge') {
  const base = name === 'gauge' ? BASE : `/api/runtime/${name}`;
  return {
    version: 1,
    id: `runtime.${name}`,
    title: '量具',
    entity: {
      table: `rt_${name}`,
      fields: {
        gaugeName: { type: 'string', label: '量具名称', required: true, maxLength: 50, keyword: true },
        ...extraFields,
      },
    },
    api: {
      dialect: 'api',
      base,
      lookups: {
        selector: { route: `GET ${base}/Selector`, fields: { id: 'id', name: 'gaugeName' }, access: 'list' },
        all: { route: `GET ${base}/All`, fields: { name: 'gaugeName' }, access: 'list' },
      },
    },
    permissions: { prefix: `runtime:${name}:` },
  };
}

const SERIAL_FIELD = { serialNo: { type: 'string', label: '出厂编号', maxLength: 30 } };

describe.each(matrix)('$kind: models released at run time', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let bystander: Client;

    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
      bystander = await userWith(t, []);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers 401 before 404 for a model that does not exist yet, on every family', async () => {
      for (const url of ['/api/runtime/never', '/sys/runtime/nothing', '/system/nothing', '/admin/nothing', '/online/nothing']) {
        expect((await t.request({ method: 'GET', url })).statusCode, url).toBe(401);
        expect((await admin.get(url)).status, url).toBe(404);
      }
    });

    it('refuses a release from a user without system:model:release', async () => {
      const res = await bystander.post('/system/model/release', gaugeModel({}, 'refused'));
      expect(res.body).toMatchObject({ success: false, code: 510 });
      expect(await columnsOf(t, 'rt_refused')).toEqual([]);
    });

    it('refuses an invalid model, naming the JSON path, and changes nothing', async () => {
      const broken = gaugeModel({ weight: { type: 'weight', label: '重量' } }, 'broken');
      const res = await admin.post('/system/model/release', broken);
      expect(res.body).toMatchObject({ success: false, error: 'CL_ERR_MODEL_INVALID' });
      expect(res.body.message).toContain('/entity/fields/weight/type');
      const core = await admin.post('/system/model/release', {
        ...gaugeModel({}, 'broken'),
        entity: { ...gaugeModel({}, 'broken').entity, table: 'sys_session' },
      });
      expect(core.body.message).toContain("is the engine's own bookkeeping");
      const taken = await admin.post('/system/model/release', { ...gaugeModel({}, 'broken'), api: { dialect: 'api', base: '/api/permission/Position' } });
      expect(taken.body.message).toContain('belongs to model "system.position"');
      expect(await columnsOf(t, 'rt_broken')).toEqual([]);
    });

    it('releases a model and a changed version of it with no restart: table, routes, permissions, data kept, new field accepted', async () => {
      // 1. a new model: the table is created, the routes answer, a permitted user uses it
      const res = await admin.post('/system/model/release', gaugeModel());
      expect(res.body).toMatchObject({ success: true, result: { id: 'runtime.gauge', version: 1, changed: true } });
      expect(await columnsOf(t, 'rt_gauge')).toContain('gauge_name');

      const user = await userWith(t, ['runtime:gauge:list', 'runtime:gauge:add', 'runtime:gauge:edit']);
      const created = await user.post(BASE, { gaugeName: '游标卡尺' });
      expect(created.body).toMatchObject({ code: 200 });
      const list = await user.get(BASE);
      expect(list.body.data.list.map((r: { gaugeName: string }) => r.gaugeName)).toEqual(['游标卡尺']);
      // the model's permission is checked per operation: list and add granted, delete not
      const id = list.body.data.list[0].id as string;
      expect((await user.del(`${BASE}/${id}`)).status).toBe(403);
      expect((await bystander.get(BASE)).status).toBe(403);
      // the route audit sees the released operations and their permission codes
      expect(listRoutes(t.app)).toEqual(
        expect.arrayContaining([expect.objectContaining({ method: 'DELETE', url: `${BASE}/:id`, access: { permission: 'runtime:gauge:delete' } })]),
      );
      // 2. a named sub-route answers itself, never GET {id}
      const selector = await user.get(`${BASE}/Selector`);
      expect(selector.body).toMatchObject({ code: 200, data: { list: [{ name: '游标卡尺' }] } });
      const all = await user.get(`${BASE}/All`);
      expect(all.body).toMatchObject({ code: 200, data: { list: [{ name: '游标卡尺' }] } });
      // 3. harmless list parameters are ignored while an unknown filter field stays refused
      const paged = await user.get(BASE, { pageNo: 1, pageSize: 5, _t: Date.now(), _: 1 });
      expect(paged.body).toMatchObject({ code: 200, data: { pagination: { currentPage: 1, pageSize: 5, total: 1 } } });
      const unknown = await user.get(BASE, { colour: 'red' });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({ code: 400 });
      // 4. a changed version: existing rows keep their data, the new field is accepted, the served model changes
      const before = await admin.get('/system/model/runtime.gauge');
      const etag = before.headers.etag as string;
      expect(before.body.result.model.entity.fields).not.toHaveProperty('serialNo');
      expect((await user.post(BASE, { gaugeName: '千分尺', serialNo: 'X-1' })).body).toMatchObject({ code: 400 });

      const changed = await admin.post('/system/model/release', gaugeModel(SERIAL_FIELD));
      expect(changed.body).toMatchObject({ success: true, result: { version: 2, changed: true } });
      expect(await columnsOf(t, 'rt_gauge')).toEqual(expect.arrayContaining(['gauge_name', 'serial_no']));

      expect((await user.post(BASE, { gaugeName: '千分尺', serialNo: 'X-1' })).body).toMatchObject({ code: 200 });
      const rows = (await user.get(BASE)).body.data.list as { gaugeName: string; serialNo: string | null }[];
      expect(new Map(rows.map((r) => [r.gaugeName, r.serialNo]))).toEqual(
        new Map([
          ['游标卡尺', null],
          ['千分尺', 'X-1'],
        ]),
      );

      const after = await t.request({ method: 'GET', url: '/system/model/runtime.gauge', token: await t.login(), headers: { 'if-none-match': etag } });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      expect(after.json().result.model.entity.fields).toHaveProperty('serialNo');
      // 5. the same file again changes nothing
      const again = await admin.post('/system/model/release', gaugeModel(SERIAL_FIELD));
      expect(again.body).toMatchObject({ success: true, result: { version: 2, changed: false } });
      const stored = await sql<{ version: number }>`select version from sys_model where id = ${'runtime.gauge'}`.execute(t.app.ctx.db.db);
      expect(Number(stored.rows[0]!.version)).toBe(2);
      // 6. a restart serves the release
      const restarted = await createTestApp(kind, { database: t.database });
      try {
        const admin2 = client(restarted, await restarted.login());
        const served = (await admin2.get(BASE)).body.data.list as { serialNo: string | null }[];
        expect(served.map((r) => r.serialNo).sort()).toEqual(['X-1', null].sort());
      } finally {
        await restarted.close();
      }
    });
  });
});

const postgres = matrix.find((m) => m.kind === 'postgres');

describe.skipIf(!postgres?.available)('postgres: two servers on one database', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp('postgres');
    second = await createTestApp('postgres', { database: first.database });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  /**
   * ms from the release's answer on the first server until the second answers a request with the new
   * version. The second server's own route table is watched (cheap) so the machine is not flooded with
   * polling requests; the request made once it has switched must then succeed.
   */
  async function latencyUntil(switched: () => boolean, served: () => Promise<boolean>, started: number): Promise<number> {
    while (!switched()) {
      if (performance.now() - started > 5_000) throw new Error('the second server never picked up the release');
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(await served()).toBe(true);
    return performance.now() - started;
  }

  it('the second server serves each release within a second, without a restart', async () => {
    const admin1 = client(first, await first.login());
    const admin2 = client(second, await second.login());
    expect((await admin2.get(BASE)).status).toBe(404);

    expect((await admin1.post('/system/model/release', gaugeModel())).body).toMatchObject({ success: true, result: { version: 1 } });
    let started = performance.now();
    const [dispatcher] = [...second.app.routeDispatchers];
    const created = await latencyUntil(
      () => dispatcher!.match('GET', BASE) !== null,
      async () => (await admin2.get(BASE)).status === 200,
      started,
    );

    expect((await admin2.post(BASE, { gaugeName: '卡尺' })).body).toMatchObject({ code: 200 });
    const before = dispatcher!.match('POST', BASE)!.route;
    expect((await admin1.post('/system/model/release', gaugeModel(SERIAL_FIELD))).body).toMatchObject({ success: true, result: { version: 2 } });
    started = performance.now();
    const changed = await latencyUntil(
      () => dispatcher!.match('POST', BASE)!.route !== before,
      async () => (await admin2.post(BASE, { gaugeName: '千分尺', serialNo: 'Y-2' })).body.code === 200,
      started,
    );

    console.log(`[model store] second server picked up the new model after ${created.toFixed(1)} ms, the changed model after ${changed.toFixed(1)} ms`);
    expect(created).toBeLessThan(1_000);
    expect(changed).toBeLessThan(1_000);
    const served = await admin2.get('/system/model/runtime.gauge');
    expect(served.body.result.model.entity.fields).toHaveProperty('serialNo');
  });
});
