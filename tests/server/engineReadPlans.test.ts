import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids.js';
import type { CompiledRead } from '../../server/db/slowReads.js';
import { nowText } from '../../server/db/timestamps.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { ensureTenant } from '../helpers/testRows.js';
import { client, insertPositions, recordReads, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const BASE = '/api/permission/Position';
const ROWS = 6_000;
const OTHER_TENANT = 41;

// Reads that would visit many rows (counts, sparse filters, deep pages) must leave the main thread
// (on SQLite a worker connection; on PostgreSQL the pool), and a sparse filter on SQLite is read by
// scanning rather than walking the sort index. Either way the rows and totals are the same.
describe.each(matrix)('$kind: how list reads are planned', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    const slow: CompiledRead[] = [];
    /** the statements of the main connection and the quick reads */
    const statements: string[] = [];

    beforeAll(async () => {
      t = await createTestApp(kind, { onQuery: (text) => statements.push(text) });
      admin = client(t, await t.login());
      await insertPositions(t, ROWS, (i) => ({
        fullName: i % 1000 === 7 ? `稀有岗位${i}` : `常见岗位${i}`,
        enCode: `C${i}`,
        sortCode: (i * 7919) % ROWS,
      }));
      recordReads(t, ['slowReads'], (query) => slow.push(query));
    });
    afterAll(async () => {
      await t?.close();
    });

    const list = async (query: Record<string, string | number>) => {
      slow.length = 0;
      const res = await admin.get(BASE, { pageSize: 20, sidx: 'sortCode', sort: 'asc', ...query });
      expect(res.body.code).toBe(200);
      return res.body.data as { list: { fullName: string; sortCode: number }[]; pagination: { total: number } };
    };

    it('counts off the main thread, once per filter', async () => {
      // a filter no other case uses, so its total is not cached yet whatever ran before
      await list({ keyword: '常见岗' });
      expect(slow.some((q) => /count\(\*\)/i.test(q.sql))).toBe(true);
      await list({ keyword: '常见岗', currentPage: 2 });
      expect(slow.filter((q) => /count\(\*\)/i.test(q.sql))).toHaveLength(0);
    });

    it('walks the index on the main thread for a dense filter’s first page', async () => {
      await list({ keyword: '常见' }); // the total is counted (off the main thread) and cached
      const data = await list({ keyword: '常见', currentPage: 1 });
      expect(data.list).toHaveLength(20);
      expect(slow).toHaveLength(0);
    });

    it('moves a sparse filter’s page off the main thread, scanning on SQLite, with the same rows and order', async () => {
      const data = await list({ keyword: '稀有' });
      expect(data.pagination.total).toBe(6);
      expect(data.list.map((r) => r.fullName).every((n) => n.startsWith('稀有岗位'))).toBe(true);
      const sorted = [...data.list].sort((a, b) => a.sortCode - b.sortCode);
      expect(data.list).toEqual(sorted);
      const page = slow.find((q) => /limit/i.test(q.sql));
      expect(page).toBeDefined();
      if (kind === 'sqlite') expect(page!.sql).toMatch(/order by \+"sort_code"/);
      const rows = await sql<{ n: number }>`select count(*) as n from sys_position where full_name like ${'稀有%'}`.execute(t.app.ctx.db.db);
      expect(Number(rows.rows[0]!.n)).toBe(6);
    });

    it('keeps a sparse keyword’s page on the main thread when the text index lists few rows', async () => {
      // 6 of 6,000 rows: on SQLite the scan starts from the text index's 6 matches, not from every row
      const data = await list({ keyword: '稀有岗' });
      expect(data.pagination.total).toBe(6);
      expect(data.list.map((r) => r.fullName).every((n) => n.startsWith('稀有岗位'))).toBe(true);
      expect(data.list).toEqual([...data.list].sort((a, b) => a.sortCode - b.sortCode));
      if (kind === 'sqlite') expect(slow.filter((q) => /limit/i.test(q.sql))).toEqual([]);
    });

    it('counts every tenant’s rows the text index lists for a keyword, not only the caller’s', async () => {
      const db = t.app.ctx.db.db;
      await ensureTenant(db, OTHER_TENANT);
      const rows = (tenantId: number, count: number) =>
        Array.from({ length: count }, (_, i) => ({
          id: newId(),
          tenantId,
          fullName: `罕见词${tenantId}-${i}`,
          enCode: `R${tenantId}-${i}`,
          enabledMark: 1,
          sortCode: i,
          createTime: nowText(),
          version: 1,
        }));
      // the caller's tenant holds 3 matches; another tenant more than a main-thread read may visit
      const values = [...rows(1, 3), ...rows(OTHER_TENANT, 5_200)];
      for (let i = 0; i < values.length; i += 500) {
        await db
          .insertInto('sysPosition' as never)
          .values(values.slice(i, i + 500) as never)
          .execute();
      }
      const data = await list({ keyword: '罕见词' });
      expect(data.pagination.total).toBe(3);
      expect(data.list.map((r) => r.fullName).sort()).toEqual(['罕见词1-0', '罕见词1-1', '罕见词1-2']);
      expect(slow.some((q) => /limit/i.test(q.sql))).toBe(true);
    });

    it('walks the sort index probing a sparse keyword’s text-index matches on SQLite, with the same rows', async () => {
      // 岗位12: 111 of 6,000 rows (岗位12, 岗位120–129, 岗位1200–1299), a walk of some 1,100 rows for page 1
      const expected = await sql<{ id: string }>`select id from sys_position where tenant_id = 1 and full_name like ${'%岗位12%'}
        order by sort_code, id limit 20`.execute(t.app.ctx.db.db);
      for (let i = 0; i < 2; i++) {
        statements.length = 0;
        const res = await admin.get(BASE, { pageSize: 20, sidx: 'sortCode', sort: 'asc', keyword: '岗位12' });
        expect(res.body.data.pagination.total).toBe(111);
        expect((res.body.data.list as { id: string }[]).map((r) => r.id)).toEqual(expected.rows.map((r) => r.id));
      }
      // the first read bounded its walk (rows filtered by their text); the second probes
      const probed = statements.some((q) => /\+"sys_position"\."rowid" in \(select rowid from "sys_position_fts"/.test(q));
      expect(probed).toBe(kind === 'sqlite');
    });

    it('moves a page sorted by a column no index leads with off the main thread, with the same rows', async () => {
      // enabledMark has no index: page 1 reads and sorts every one of the tenant's 6,000+ rows
      const unindexed = await list({ sidx: 'enabledMark', sort: 'desc' });
      expect(unindexed.list).toHaveLength(20);
      expect(slow.some((q) => /limit/i.test(q.sql))).toBe(true);
      const expected = await sql<{ fullName: string }>`select full_name from sys_position where tenant_id = 1
        order by enabled_mark desc, id desc limit 20`.execute(t.app.ctx.db.db);
      expect(unindexed.list.map((r) => r.fullName)).toEqual(expected.rows.map((r) => r.fullName));
      // sortCode leads an index: the same page by it walks the index on the main thread
      await list({});
      expect(slow.some((q) => /limit/i.test(q.sql))).toBe(false);
    });

    it('moves a deep page off the main thread', async () => {
      const data = await list({ keyword: '常见', currentPage: 250 });
      expect(data.list).toHaveLength(20);
      expect(slow.some((q) => /offset/i.test(q.sql))).toBe(true);
    });

    it('skips the page read when the page lies past the end', async () => {
      const data = await list({ keyword: '稀有', currentPage: 5 });
      expect(data.list).toEqual([]);
      expect(data.pagination.total).toBe(6);
      expect(slow.some((q) => /limit/i.test(q.sql))).toBe(false);
    });
  });
});
