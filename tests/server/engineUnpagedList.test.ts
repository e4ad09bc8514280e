import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids.js';
import { MAX_PAGE_SIZE } from '../../server/engine/listQuery.js';
import { UNPAGED_LIST_ROWS } from '../../runtime/model/types.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, labfixtureCopy, removeLabfixtureCopies, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const INSTRUMENTS = '/api/labfixture/Instrument';
const ROWS = UNPAGED_LIST_ROWS + 3;

// format version 10: list.page false answers every row in one page, still capped at UNPAGED_LIST_ROWS
describe.each(matrix)('$kind: an unpaged list (list.page false)', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;

    beforeAll(async () => {
      const root = labfixtureCopy(({ models }) => {
        const instrument = models['instrument.model.json']!;
        instrument.version = 17;
        instrument.list = { columns: ['name', 'serialNo'], page: false, scrollHeight: 400 };
        instrument.entity.defaultSort = { field: 'name', order: 'asc' };
      });
      t = await createTestApp(kind, { extraSchemaDirs: [root] });
      admin = client(t, await t.login());
    });
    afterAll(async () => {
      await t?.close();
      removeLabfixtureCopies();
    });

    const page = async (query: Record<string, string | number> = {}) => {
      const res = await admin.get(INSTRUMENTS, query);
      expect(res.body, JSON.stringify(res.body).slice(0, 300)).toMatchObject({ code: 200 });
      return res.body.data as { list: { name: string }[]; pagination: { pageSize: number; total: number } };
    };

    it('answers every row without a page size, not the default page of 10', async () => {
      for (let i = 1; i <= 12; i++) expect((await admin.post(INSTRUMENTS, { name: `A${String(i).padStart(4, '0')}` })).body.code).toBe(200);
      const all = await page({ name: 'A*' });
      expect(all.list.map((r) => r.name)).toEqual(Array.from({ length: 12 }, (_, i) => `A${String(i + 1).padStart(4, '0')}`));
      expect(all.pagination).toMatchObject({ total: 12, pageSize: UNPAGED_LIST_ROWS });
      // a client that pages anyway still gets its page
      expect((await page({ name: 'A*', pageSize: 5, currentPage: 3 })).list.map((r) => r.name)).toEqual(['A0011', 'A0012']);
    });

    it(`still answers at most ${UNPAGED_LIST_ROWS} rows, the first in the list's order, with the whole total`, async () => {
      const db = t.app.ctx.db.db;
      const now = '2026-01-01 00:00:00';
      const names = Array.from({ length: ROWS }, (_, i) => `B${String(i).padStart(4, '0')}`);
      for (let i = 0; i < names.length; i += 200) {
        const values = names.slice(i, i + 200).map((name) => sql`(${newId()}, ${name}, ${now}, 1)`);
        await sql`insert into lab_fixture_instrument (id, name, create_time, version) values ${sql.join(values)}`.execute(db);
      }
      const capped = await page({ name: 'B*' });
      expect(capped.pagination.total).toBe(ROWS);
      expect(capped.list).toHaveLength(UNPAGED_LIST_ROWS);
      expect(capped.list.map((r) => r.name)).toEqual(names.slice(0, UNPAGED_LIST_ROWS));
      const refused = await admin.get(INSTRUMENTS, { pageSize: UNPAGED_LIST_ROWS + 1 });
      expect(refused.body).toMatchObject({ code: 400 });
      expect(JSON.stringify(refused.body)).toContain(`between 1 and ${UNPAGED_LIST_ROWS}`);
    });

    it(`leaves paged lists at ${MAX_PAGE_SIZE} rows a page at most`, async () => {
      const refused = await admin.get('/admin/labSample/list', { pageSize: MAX_PAGE_SIZE + 1 });
      expect(JSON.stringify(refused.body)).toContain(`between 1 and ${MAX_PAGE_SIZE}`);
      expect((await admin.get('/admin/labSample/list', { pageSize: MAX_PAGE_SIZE })).body).toMatchObject({ success: true });
    });
  });
});
