import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids.js';
import type { CompiledRead } from '../../server/db/slowReads.js';
import { nowText } from '../../server/db/timestamps.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const BASE = '/api/permission/Position';
const ROWS = 6_000;
const PAGE = 20;
const SPARSE = '稀疏词';

// Deep pages seek from cached anchors instead of walking their OFFSET (server/engine/pageAnchors.ts).
// Whatever the path, a page must hold exactly the rows the database's own ORDER BY … OFFSET gives,
// with duplicate and null sort values, in both directions, filtered or not — and writes drop anchors.
describe.each(matrix)('$kind: deep pages from anchors', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    const slow: CompiledRead[] = [];
    /** anchor sets derived so far (their reads completed) */
    let derived = 0;
    /** every statement of the main connection (Kysely) and of the slow reads */
    const statements: string[] = [];

    beforeAll(async () => {
      t = await createTestApp(kind, { onQuery: (text) => statements.push(text) });
      admin = client(t, await t.login());
      const values = Array.from({ length: ROWS }, (_, i) => ({
        id: newId(),
        tenantId: 1,
        // 稀疏词 (1 in 16 rows) is a keyword the text index serves, sparse enough that its pages cost
        // a walk of 16 rows per match: anchored from a few pages deep
        fullName: `${i % 16 === 5 ? SPARSE : ''}${i % 3 === 0 ? '检测' : '仓储'}岗位${i}`,
        enCode: `D${i}`,
        enabledMark: 1,
        // many equal values and some nulls: the id tie-breaker and null ordering both matter
        sortCode: i % 7 === 0 ? null : i % 50,
        createTime: nowText(),
        version: 1,
      }));
      for (let i = 0; i < values.length; i += 500) {
        await t.app.ctx.db.db
          .insertInto('sysPosition' as never)
          .values(values.slice(i, i + 500) as never)
          .execute();
      }
      const reads = t.app.ctx.db.slowReads;
      const all = reads.all.bind(reads);
      reads.all = async <Row>(query: CompiledRead) => {
        slow.push(query);
        statements.push(query.sql);
        const rows = await all<Row>(query);
        if (/row_number/.test(query.sql)) derived++;
        return rows;
      };
    });
    afterAll(async () => {
      await t?.close();
    });

    /** what the database itself says the page is */
    async function expected(order: 'asc' | 'desc', keyword: string | null, page: number, size = PAGE): Promise<string[]> {
      const dir = sql.raw(order);
      const filter = keyword ? sql`and full_name like ${`%${keyword}%`}` : sql``;
      const { rows } = await sql<{ id: string }>`select id from sys_position where tenant_id = 1 ${filter}
        order by sort_code ${dir}, id ${dir} limit ${size} offset ${(page - 1) * size}`.execute(t.app.ctx.db.db);
      return rows.map((r) => r.id);
    }

    async function served(order: 'asc' | 'desc', keyword: string | null, page: number, size = PAGE): Promise<string[]> {
      const res = await admin.get(BASE, { currentPage: page, pageSize: size, sidx: 'sortCode', sort: order, ...(keyword ? { keyword } : {}) });
      expect(res.body.code).toBe(200);
      return (res.body.data.list as { id: string }[]).map((r) => r.id);
    }

    async function totalOf(keyword: string | null): Promise<number> {
      const filter = keyword ? sql`and full_name like ${`%${keyword}%`}` : sql``;
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from sys_position where tenant_id = 1 ${filter}`.execute(t.app.ctx.db.db);
      return Number(rows[0]!.n);
    }

    /** statements that seek past an anchor: a row-value comparison, or among null sort values one of ids */
    const seekStatements = () => statements.filter((q) => /\("sort_code", "id"\) [<>] \(|"sort_code" is null and "id" [<>] /.test(q));

    /** A write through the engine drops the table's cached totals and anchors (cases run shuffled). */
    async function forgetDerivedPages(): Promise<void> {
      const created = await admin.post(BASE, { fullName: '临时岗位', enCode: `TMP${Date.now()}`, sortCode: 0, enabledMark: 1 });
      expect(created.body.code).toBe(200);
      expect((await admin.del(`${BASE}/${created.body.data.id}`)).body.code).toBe(200);
    }

    /** until one more anchor set than `before` has been read (and, a tick later, cached) */
    async function waitForAnchors(before: number): Promise<void> {
      for (let i = 0; i < 500 && derived <= before; i++) await new Promise((r) => setTimeout(r, 20));
      expect(derived).toBeGreaterThan(before);
      await new Promise((r) => setTimeout(r, 10));
    }

    /** serves a first deep page (by its OFFSET, deriving anchors) and waits for the anchors */
    async function deriveAnchors(order: 'asc' | 'desc', keyword: string | null, page: number, size = PAGE): Promise<void> {
      const before = derived;
      expect(await served(order, keyword, page, size)).toEqual(await expected(order, keyword, page, size));
      await waitForAnchors(before);
    }

    it.each([
      ['asc', null, 51],
      ['desc', null, 51],
      ['asc', '检测', 18],
      ['desc', '检测', 18],
      // a keyword the text index serves (three characters), 1 in 16 rows: its OFFSET walks 16 rows
      // per row skipped, so it is anchored from page 5 (80 rows skipped: 1,280 visited)
      ['asc', SPARSE, 5],
      ['desc', SPARSE, 5],
    ] as const)('%s, keyword %s: every deep page equals ORDER BY … OFFSET', async (order, keyword, firstAnchored) => {
      await forgetDerivedPages();
      slow.length = 0;
      statements.length = 0;
      const last = Math.ceil((await totalOf(keyword)) / PAGE);
      const pages = [...new Set([firstAnchored + 1, firstAnchored + 2, firstAnchored + 10, 77, 99, 100, last - 1, last])].filter(
        (p) => p > firstAnchored && p <= last,
      );
      // 1. the first deep page is served by its OFFSET and starts deriving anchors as deep as it reaches
      // (the deepest page asked for here: the anchors then reach every other page)
      await deriveAnchors(order, keyword, Math.max(...pages));
      // 2. the pages seek from the anchors and hold the same rows
      statements.length = 0;
      for (const page of pages) expect(await served(order, keyword, page), `page ${page}`).toEqual(await expected(order, keyword, page));
      // 3. and they did seek: a row-value comparison past an anchor
      // (past an anchor whose sort value is null, the seek compares ids among the nulls instead)
      expect(seekStatements().length).toBeGreaterThanOrEqual(pages.length);
    });

    it('does not derive anchors for a shallow page', async () => {
      await forgetDerivedPages();
      slow.length = 0;
      // 60 rows skipped (180 visited for a 1-in-3 keyword), 60 of the whole table: the OFFSET is cheap
      expect(await served('asc', '检测', 4)).toEqual(await expected('asc', '检测', 4));
      expect(await served('asc', null, 4)).toEqual(await expected('asc', null, 4));
      await new Promise((r) => setTimeout(r, 50));
      expect(slow.filter((q) => /row_number/.test(q.sql))).toEqual([]);
    });

    it.each([
      ['asc', null, 15, [70, 71, 72, 73, 200, 399, 400]],
      ['desc', null, 15, [70, 71, 72, 73, 200, 399, 400]],
      // pages of 1 and 2 leave a stride of several rows (at most 2,000 anchors per set): a seek skips
      // rows past its anchor, into and across the null sort values
      ['asc', null, 1, [1001, 1002, 1003, 1004, 2500, 5142, 5143, 5144, 5145, 5999, 6000]],
      ['desc', null, 1, [1001, 1002, 1003, 1004, 2500, 5142, 5143, 5144, 5145, 5999, 6000]],
      ['asc', null, 2, [501, 502, 503, 1500, 2571, 2572, 2573, 3000]],
      ['desc', '检测', 1, [400, 401, 402, 1999, 2000]],
      ['desc', SPARSE, 3, [40, 41, 42, 125]],
    ] as const)('%s, keyword %s, pages of %i: every deep page equals ORDER BY … OFFSET', async (order, keyword, size, pages) => {
      await forgetDerivedPages();
      // rows other cases insert or delete move the last page
      const last = Math.ceil((await totalOf(keyword)) / size);
      await deriveAnchors(order, keyword, Math.max(...pages.filter((p) => p <= last)), size);
      statements.length = 0;
      for (const page of pages.filter((p) => p <= last)) {
        const seeks = seekStatements().length;
        expect(await served(order, keyword, page, size), `page ${page} of ${size}`).toEqual(await expected(order, keyword, page, size));
        expect(seekStatements().length, `page ${page} of ${size} seeks`).toBeGreaterThan(seeks);
      }
    });

    it('keeps anchors per page size: pages of 20 and 15 alternate, each exact', async () => {
      await forgetDerivedPages();
      await deriveAnchors('asc', '检测', 100, 20);
      await deriveAnchors('asc', '检测', 134, 15);
      statements.length = 0;
      const pages = [
        [31, 20],
        [41, 15],
        [99, 20],
        [133, 15],
        [100, 20],
        [134, 15],
      ] as const;
      for (const [page, size] of pages)
        expect(await served('asc', '检测', page, size), `page ${page} of ${size}`).toEqual(await expected('asc', '检测', page, size));
      expect(seekStatements().length).toBeGreaterThanOrEqual(pages.length);
    });

    it('derives anchors only as deep as pages are asked for, and deeper on demand', async () => {
      await forgetDerivedPages();
      // 6,000 rows in pages of 20: the first tier of anchors covers 64 pages (1,280 rows)
      const derivations = () => slow.filter((q) => /row_number/.test(q.sql));
      slow.length = 0;
      await deriveAnchors('asc', null, 60);
      expect(derivations()).toHaveLength(1);
      expect(derivations()[0]!.parameters).toContain(1_280);
      statements.length = 0;
      expect(await served('asc', null, 64)).toEqual(await expected('asc', null, 64));
      expect(seekStatements()).toHaveLength(1);
      // past the first tier: served by its OFFSET while the next tier (2,560 rows) is derived
      statements.length = 0;
      await deriveAnchors('asc', null, 65);
      expect(seekStatements()).toHaveLength(0);
      expect(derivations()).toHaveLength(2);
      expect(derivations()[1]!.parameters).toContain(2_560);
      // the deeper tier serves its own pages and the shallower ones
      for (const page of [65, 128, 52]) {
        statements.length = 0;
        expect(await served('asc', null, page), `page ${page}`).toEqual(await expected('asc', null, page));
        expect(seekStatements(), `page ${page} seeks`).toHaveLength(1);
      }
      // the last page needs the whole set: derived without a limit
      await deriveAnchors('asc', null, 300);
      expect(derivations()).toHaveLength(3);
      expect(derivations()[2]!.sql).not.toMatch(/limit/i);
    });

    it('forgets anchors on a write, so pages stay exact after inserts', async () => {
      await forgetDerivedPages();
      await deriveAnchors('asc', null, 60);
      const create = await admin.post(BASE, { fullName: '新插入岗位', enCode: 'NEW001', sortCode: 0, enabledMark: 1 });
      expect(create.body.code).toBe(200);
      for (const page of [60, 61, 100]) expect(await served('asc', null, page), `page ${page}`).toEqual(await expected('asc', null, page));
    });

    it('keeps a sparse keyword’s pages exact across inserts, deletes and moves between requests', async () => {
      await forgetDerivedPages();
      const pages = [6, 9, 12, 19];
      const check = async (when: string) => {
        for (const order of ['asc', 'desc'] as const) {
          await deriveAnchors(order, SPARSE, 5);
          for (const page of pages) expect(await served(order, SPARSE, page), `${when}: ${order} page ${page}`).toEqual(await expected(order, SPARSE, page));
        }
      };
      await check('before');
      // a match tied with others on its sort value, early in the order: every later page shifts by one
      const tied = await admin.post(BASE, { fullName: `${SPARSE}插入岗位`, enCode: 'SPARSE.NEW', sortCode: 3, enabledMark: 1 });
      expect(tied.body.code).toBe(200);
      await check('after an insert');
      const [early] = await sql<{ id: string; version: number }>`select id, version from sys_position
        where tenant_id = 1 and full_name like ${`%${SPARSE}%`} and sort_code = 7 order by id limit 1`
        .execute(t.app.ctx.db.db)
        .then((r) => r.rows);
      expect((await admin.del(`${BASE}/${early!.id}`)).body.code).toBe(200);
      await check('after a delete');
      const [moved] = await sql<{ id: string; version: number }>`select id, version from sys_position
        where tenant_id = 1 and full_name like ${`%${SPARSE}%`} and sort_code = 45 order by id limit 1`
        .execute(t.app.ctx.db.db)
        .then((r) => r.rows);
      expect((await admin.put(`${BASE}/${moved!.id}`, { sortCode: 1, version: moved!.version })).body.code).toBe(200);
      await check('after a move');
      expect((await admin.del(`${BASE}/${tied.body.data.id}`)).body.code).toBe(200);
    });
  });
});
