import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids.js';
import { nowText } from '../../server/db/timestamps.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, FIXTURE_ROOT, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const LIST = '/admin/labSample/list';

describe.each(matrix)('$kind: list totals', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    // each case starts from the same 25 rows on a fresh database: the cases write rows and must not
    // see each other's (the suite runs shuffled)
    beforeEach(async () => {
      t = await createTestApp(kind, { extraSchemaDirs: [FIXTURE_ROOT] });
      admin = client(t, await t.login());
      for (let i = 1; i <= 25; i++) {
        const res = await admin.post('/admin/labSample/add', {
          sampleNo: `N${String(i).padStart(3, '0')}`,
          sampleName: i % 2 ? '奇数样' : '偶数样',
          quantity: i,
        });
        expect(res.body.success).toBe(true);
      }
    });
    afterEach(async () => {
      await t?.close();
    });

    const total = async (query: Record<string, string | number> = {}) => (await admin.get(LIST, { pageSize: 10, ...query })).body.result.total as number;

    /** a row the engine does not see being written (another server, a script) */
    const insertBehindTheEngine = async (sampleNo: string) => {
      await sql`insert into lab_fixture_sample (id, tenant_id, create_time, version, sample_no, sample_name, state, quantity)
                values (${newId()}, 1, ${nowText()}, 1, ${sampleNo}, ${'奇数样'}, 1, 99)`.execute(t.app.ctx.db.db);
    };

    it('reports exact totals for full pages, short last pages, empty pages past the end and filters', async () => {
      expect(await total()).toBe(25);
      expect(await total({ pageNo: 3 })).toBe(25);
      expect(await total({ pageNo: 9 })).toBe(25);
      expect(await total({ keyword: '奇数' })).toBe(13);
      expect(await total({ keyword: '奇数', pageNo: 2 })).toBe(13);
      expect(await total({ quantity: '>20' })).toBe(5);
      expect(await total({ sampleName: '偶数样', pageSize: 5, pageNo: 2 })).toBe(12);
    });

    it('caches a full page’s total and drops it on every write through the engine', async () => {
      expect(await total({ keyword: '数样' })).toBe(25);
      await insertBehindTheEngine('Z001');
      // cached: the write bypassed the engine (the TTL bounds this lag)
      expect(await total({ keyword: '数样' })).toBe(25);
      const created = await admin.post('/admin/labSample/add', { sampleNo: 'Z002', sampleName: '奇数样' });
      expect(await total({ keyword: '数样' })).toBe(27);
      expect(await total({ keyword: '奇数' })).toBe(15);
      await admin.get('/admin/labSample/delete', { id: created.body.result.id });
      expect(await total({ keyword: '数样' })).toBe(26);
      const toggled = (await admin.get(LIST, { sampleNo: 'N001' })).body.result.records[0];
      expect(await total({ state: 1 })).toBe(26);
      await admin.put('/admin/labSample/editState', { id: toggled.id });
      expect(await total({ state: 1 })).toBe(25);
      await admin.put('/admin/labSample/edit', { id: toggled.id, version: 2, state: 1 });
      expect(await total({ state: 1 })).toBe(26);
    });

    it('keeps totals per tenant', async () => {
      const { userWith } = await import('./engineSupport.js');
      const other = await userWith(t, ['labfixture:sample:list', 'labfixture:sample:add'], { tenantId: 2 });
      const list = async () => (await other.get(LIST, { pageSize: 10, keyword: '数样' })).body.result.total;
      expect(await list()).toBe(0);
      await other.post('/admin/labSample/add', { sampleNo: 'OTHER1', sampleName: '奇数样' });
      expect(await list()).toBe(1);
      expect(await total({ keyword: '数样' })).toBe(25);
    });
  });
});
