import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, insertPositions, recordReads, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const BASE = '/api/permission/Position';
const ROWS = 6_000;

// A keyword whose matches all sit at the far end of the sort order (correlated with it) would make a
// walk of the sort index visit almost the whole table before it fills a page; a keyword spread evenly
// fills it within the expected visits. Both are dense enough (5 % of the rows) to be read by the walk.
// The walk is bounded: past the bound the page is read by the text index instead. Either way the
// pages must be exactly those of a plain ORDER BY … LIMIT … OFFSET.
const CLUSTERED = '偏斜岗';
const SPREAD = '均匀岗';
/** SQLite's probe: index entries tested against the text index's matches, listed once */
const PROBE = /\+"sys_position"\."rowid" in \(select rowid from "sys_position_fts"/;
/** a page before the first anchor, read within the range from the set's first row to that anchor */
const LEADING_RANGE = /\("sort_code", "id"\) >= \(/;

describe.each(matrix)('$kind: a bounded walk of the sort index', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    const reads: string[] = [];

    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
      await insertPositions(t, ROWS, (i) => ({
        fullName: i >= ROWS - 600 && i % 2 === 0 ? `${CLUSTERED}位${i}` : i % 20 === 3 ? `${SPREAD}位${i}` : `常见岗位${i}`,
        enCode: `C${i}`,
        // ties on the sort column, so the id's order inside them is part of what the pages must agree on
        sortCode: Math.floor(i / 3),
      }));
      recordReads(t, ['quickReads', 'slowReads'], (query) => reads.push(query.sql));
    });
    afterAll(async () => {
      await t?.close();
    });

    const page = async (keyword: string, currentPage: number) => {
      reads.length = 0;
      const res = await admin.get(BASE, { pageSize: 20, sidx: 'sortCode', sort: 'asc', keyword, currentPage });
      expect(res.body.code).toBe(200);
      const data = res.body.data as { list: { id: string }[]; pagination: { total: number } };
      expect(data.pagination.total).toBe(300);
      return data.list.map((r) => r.id);
    };
    const expected = async (keyword: string, currentPage: number) => {
      const { rows } = await sql<{ id: string }>`select id from sys_position where tenant_id = 1 and full_name like ${`${keyword}%`}
        order by sort_code asc, id asc limit 20 offset ${(currentPage - 1) * 20}`.execute(t.app.ctx.db.db);
      return rows.map((r) => r.id);
    };
    const pageReads = () => reads.filter((q) => /limit/i.test(q) && !/count\(\*\)/i.test(q));
    const boundedWalks = () => pageReads().filter((q) => /\) as "sys_position"/.test(q));

    it.each([1, 2, 3])('serves page %i of clustered matches like a plain OFFSET', async (currentPage) => {
      const ids = await page(CLUSTERED, currentPage);
      expect(ids).toHaveLength(20);
      expect(ids).toEqual(await expected(CLUSTERED, currentPage));
      // the outcome is remembered: the next request reads at once, on SQLite by a probe of the sort index
      // against the text index's matches (ad69a76: clustered matches are probed, not scanned and sorted),
      // or, once the anchors the first request asked for have been derived in the background, by a walk
      // of the range from the first match to the first anchor (pageAnchors.ts leadingRangeSql)
      expect(await page(CLUSTERED, currentPage)).toEqual(ids);
      if (kind === 'sqlite') {
        expect(boundedWalks()).toHaveLength(0);
        expect(pageReads()).toHaveLength(1);
        expect(pageReads()[0]).toMatch(new RegExp(`${PROBE.source}|${LEADING_RANGE.source}`));
      }
    });

    it.each([1, 2, 3])('serves page %i of evenly spread matches like a plain OFFSET, within the bound', async (currentPage) => {
      const ids = await page(SPREAD, currentPage);
      expect(ids).toHaveLength(20);
      expect(ids).toEqual(await expected(SPREAD, currentPage));
      expect(await page(SPREAD, currentPage)).toEqual(ids);
      if (kind === 'sqlite') expect(pageReads().every((q) => !/order by \+"sort_code"/.test(q))).toBe(true);
    });

    // Requests for the same filter arriving together (every user opening a list after a write) share
    // one bounded walk: each walking on its own queued every one of them on the read workers.
    it.runIf(kind === 'sqlite')('walks once for requests of the same filter that arrive together', async () => {
      // a write forgets the outcomes remembered so far, so the next requests must walk again
      expect((await admin.post(BASE, { fullName: '其他岗位', enCode: 'TOGETHER', enabledMark: 1, sortCode: 0 })).body.code).toBe(200);
      reads.length = 0;
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => admin.get(BASE, { pageSize: 20, sidx: 'sortCode', sort: 'asc', keyword: SPREAD, currentPage: 1 })),
      );
      const lists = answers.map((res) => (res.body.data as { list: { id: string }[] }).list.map((r) => r.id));
      for (const ids of lists) expect(ids).toEqual(await expected(SPREAD, 1));
      expect(boundedWalks()).toHaveLength(1);
    });

    // Since ad69a76 (anchors and walk bounds counted with the filter's density) the clustered matches of
    // this data are reached within the walk's bound: one bounded read, no fallback read after it.
    it.runIf(kind === 'sqlite')('reaches clustered matches within one bounded walk, and a write forgets what was remembered', async () => {
      // a write through the engine forgets the outcomes remembered so far (and matches neither keyword)
      let writes = 0;
      const gen = async () =>
        expect((await admin.post(BASE, { fullName: '其他岗位', enCode: `W${writes++}`, enabledMark: 1, sortCode: 0 })).body.code).toBe(200);
      await gen();
      await page(CLUSTERED, 1);
      expect(boundedWalks()).toHaveLength(1);
      expect(pageReads()).toHaveLength(1);
      await gen();
      await page(SPREAD, 1);
      expect(boundedWalks()).toHaveLength(1);
      expect(pageReads()).toHaveLength(1);
    });
  });
});
