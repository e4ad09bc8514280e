import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids.js';
import { nowText } from '../../server/db/timestamps.js';
import { createHookRegistry } from '../../server/engine/hookRegistry.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, labfixtureCopy, removeLabfixtureCopies, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const INSTRUMENTS = '/api/labfixture/Instrument';

describe.each(matrix)('$kind: a hook that writes another model', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;

    beforeAll(async () => {
      const hooks = createHookRegistry();
      // every sample registers an instrument of the same name; `declare` says whether the hook tells the engine
      hooks.register('labfixture.registerInstrument', async ({ values, db, touch }) => {
        await sql`insert into lab_fixture_instrument (id, name, create_time, version) values (${newId()}, ${values.sampleName as string}, ${nowText()}, 1)`.execute(
          db,
        );
        if (values.sampleNo !== 'UNDECLARED') touch('lab_fixture_instrument');
      });
      const root = labfixtureCopy(({ models }) => (models['sample.model.json']!.hooks = { beforeSave: 'labfixture.registerInstrument' }));
      t = await createTestApp(kind, { extraSchemaDirs: [root], hooks });
      admin = client(t, await t.login());
      for (const name of ['量筒', '烧杯', '移液管']) expect((await admin.post(INSTRUMENTS, { name })).body.code).toBe(200);
    });
    afterAll(async () => {
      await t?.close();
      removeLabfixtureCopies();
    });

    // one row per page: the page itself cannot reveal that the cached total is behind
    const total = async () => (await admin.get(INSTRUMENTS, { pageSize: 1 })).body.data.pagination.total as number;
    const counted = async () => {
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from lab_fixture_instrument`.execute(t.app.ctx.db.db);
      return Number(rows[0]!.n);
    };

    it('drops the other model’s cached totals when the hook declares the table it wrote', async () => {
      await total();
      expect((await admin.post('/admin/labSample/add', { sampleNo: 'TOUCH1', sampleName: '天平' })).body.success).toBe(true);
      expect(await total()).toBe(await counted());
    });

    it('an undeclared write leaves the cached total stale until its TTL (what touch() is for)', async () => {
      const cached = await total();
      expect((await admin.post('/admin/labSample/add', { sampleNo: 'UNDECLARED', sampleName: '烘箱' })).body.success).toBe(true);
      expect(await counted()).toBe(cached + 1);
      expect(await total()).toBe(cached);
    });
  });
});
