import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, insertPositions, recordReads, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const BASE = '/api/permission/Position';
const ROWS = 6_000;
/** a fifth of the rows, all at the far end of the sort order */
const MATCHES = 1_200;

// The bounded walk's fallback (readRecords.ts boundedWalk): a keyword dense enough to be read by walking
// the sort index and filtering each row (not probed: it matches more than twice the walk's expected
// visits), whose matches all sit after the rows the walk may visit. Page 3 (reach 60) is expected to
// visit 6,000 × 60 / 1,200 = 300 rows, bounded at 3 × 300 + 20; the walk meets no match within its
// bound, so the page is read by the text index ('scan') instead, and that outcome is remembered until
// the table is written. engineBoundedWalk.test.ts covers walks that meet their page within the bound.
const TAIL = '密集尾岗';

describe.each(matrix)('$kind: a bounded walk that runs out of bound', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    const reads: string[] = [];

    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
      await insertPositions(t, ROWS, (i) => ({ fullName: i >= ROWS - MATCHES ? `${TAIL}${i}` : `常见岗位${i}`, enCode: `T${i}`, sortCode: i }));
      recordReads(t, ['quickReads', 'slowReads'], (query) => reads.push(query.sql));
    });
    afterAll(async () => {
      await t?.close();
    });

    const page = async (currentPage: number) => {
      reads.length = 0;
      const res = await admin.get(BASE, { pageSize: 20, sidx: 'sortCode', sort: 'asc', keyword: TAIL, currentPage });
      expect(res.body.code).toBe(200);
      const data = res.body.data as { list: { id: string }[]; pagination: { total: number } };
      expect(data.pagination.total).toBe(MATCHES);
      return data.list.map((r) => r.id);
    };
    const expected = async (currentPage: number) => {
      const { rows } = await sql<{ id: string }>`select id from sys_position where tenant_id = 1 and full_name like ${`${TAIL}%`}
        order by sort_code asc, id asc limit 20 offset ${(currentPage - 1) * 20}`.execute(t.app.ctx.db.db);
      return rows.map((r) => r.id);
    };
    const pageReads = () => reads.filter((q) => /limit/i.test(q) && !/count\(\*\)/i.test(q));
    const boundedWalks = () => pageReads().filter((q) => /\) as "sys_position"/.test(q));
    const scans = () => pageReads().filter((q) => /order by \+"sort_code"/.test(q));

    it('serves the page like a plain OFFSET', async () => {
      const ids = await page(3);
      expect(ids).toHaveLength(20);
      expect(ids).toEqual(await expected(3));
      expect(await page(3)).toEqual(ids);
    });

    it.runIf(kind === 'sqlite')('falls back to the text index once the walk runs out of bound, remembers it, and forgets it after a write', async () => {
      let writes = 0;
      // a write through the engine forgets what was remembered (and matches no keyword of this data)
      const write = async () =>
        expect((await admin.post(BASE, { fullName: '其他岗位', enCode: `W${writes++}`, enabledMark: 1, sortCode: ROWS + writes })).body.code).toBe(200);
      await write();
      const ids = await page(3);
      expect(ids).toEqual(await expected(3));
      // the bounded walk found nothing within its bound, then the scan read the page
      expect(boundedWalks()).toHaveLength(1);
      expect(scans()).toHaveLength(1);
      expect(pageReads()).toHaveLength(2);

      // remembered: the next request scans at once
      expect(await page(3)).toEqual(ids);
      expect(boundedWalks()).toHaveLength(0);
      expect(scans()).toHaveLength(1);
      expect(pageReads()).toHaveLength(1);

      await write();
      expect(await page(3)).toEqual(ids);
      expect(boundedWalks()).toHaveLength(1);
      expect(scans()).toHaveLength(1);
    });
  });
});
