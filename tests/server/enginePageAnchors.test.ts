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

// Deep pages seek from cached anchors instead of walking their OFFSET (server/engine/pageAnchors.ts).
// Whatever the path, a page must hold exactly the rows the database's own ORDER BY … OFFSET gives,
// with duplicate and null sort values, in both directions, filtered or not — and writes drop anchors.
describe.each(matrix)('$kind: deep pages from anchors', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    const slow: CompiledRead[] = [];
    /** every statement of the main connection (Kysely) and of the slow reads */
    const statements: string[] = [];

    beforeAll(async () => {
      t = await createTestApp(kind, { onQuery: (text) => statements.push(text) });
      admin = client(t, await t.login());
      const values = Array.from({ length: ROWS }, (_, i) => ({
        id: newId(),
        tenantId: 1,
        fullName: `${i % 3 === 0 ? '检测' : '仓储'}岗位${i}`,
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
        return all<Row>(query);
      };
    });
    afterAll(async () => {
      await t?.close();
    });

    /** what the database itself says the page is */
    async function expected(order: 'asc' | 'desc', keyword: string | null, page: number): Promise<string[]> {
      const dir = sql.raw(order);
      const filter = keyword ? sql`and full_name like ${`%${keyword}%`}` : sql``;
      const { rows } = await sql<{ id: string }>`select id from sys_position where tenant_id = 1 ${filter}
        order by sort_code ${dir}, id ${dir} limit ${PAGE} offset ${(page - 1) * PAGE}`.execute(t.app.ctx.db.db);
      return rows.map((r) => r.id);
    }

    async function served(order: 'asc' | 'desc', keyword: string | null, page: number): Promise<string[]> {
      const res = await admin.get(BASE, { currentPage: page, pageSize: PAGE, sidx: 'sortCode', sort: order, ...(keyword ? { keyword } : {}) });
      expect(res.body.code).toBe(200);
      return (res.body.data.list as { id: string }[]).map((r) => r.id);
    }

    /** A write through the engine drops the table's cached totals and anchors (cases run shuffled). */
    async function forgetDerivedPages(): Promise<void> {
      const created = await admin.post(BASE, { fullName: '临时岗位', enCode: `TMP${Date.now()}`, sortCode: 0, enabledMark: 1 });
      expect(created.body.code).toBe(200);
      expect((await admin.del(`${BASE}/${created.body.data.id}`)).body.code).toBe(200);
    }

    async function waitForAnchors(): Promise<void> {
      for (let i = 0; i < 100 && !slow.some((q) => /row_number/.test(q.sql)); i++) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 50));
    }

    it.each([
      ['asc', null],
      ['desc', null],
      ['asc', '检测'],
      ['desc', '检测'],
    ] as const)('%s, keyword %s: every deep page equals ORDER BY … OFFSET', async (order, keyword) => {
      await forgetDerivedPages();
      slow.length = 0;
      statements.length = 0;
      const last = Math.ceil((keyword ? ROWS / 3 : ROWS) / PAGE);
      const pages = [...new Set([51, 52, 60, 77, 99, 100, Math.max(51, last - 1), last])].filter((p) => (p - 1) * PAGE >= 1000 && p <= last);
      // 1. the first deep page is served by its OFFSET and starts deriving anchors
      expect(await served(order, keyword, pages[0]!)).toEqual(await expected(order, keyword, pages[0]!));
      await waitForAnchors();
      expect(slow.some((q) => /row_number/.test(q.sql))).toBe(true);
      // 2. the following ones seek from the anchors and hold the same rows
      for (const page of pages) expect(await served(order, keyword, page), `page ${page}`).toEqual(await expected(order, keyword, page));
      // 3. and they did seek: a row-value comparison past an anchor, with a small OFFSET
      // (past an anchor whose sort value is null, the seek compares ids among the nulls instead)
      const seeks = statements.filter((q) => /\("sort_code", "id"\) [<>] \(|"sort_code" is null and "id" [<>] /.test(q));
      expect(seeks.length).toBeGreaterThanOrEqual(pages.length - 1);
    });

    it('forgets anchors on a write, so pages stay exact after inserts', async () => {
      await served('asc', null, 60);
      await waitForAnchors();
      const create = await admin.post(BASE, { fullName: '新插入岗位', enCode: 'NEW001', sortCode: 0, enabledMark: 1 });
      expect(create.body.code).toBe(200);
      for (const page of [60, 61, 100]) expect(await served('asc', null, page), `page ${page}`).toEqual(await expected('asc', null, page));
    });
  });
});
