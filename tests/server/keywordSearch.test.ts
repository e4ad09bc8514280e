import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids.js';
import type { KeywordUse } from '../../server/db/dialects/DbAdapter.js';
import { nowText } from '../../server/db/timestamps.js';
import { databaseMatrix } from '../helpers/databases.js';
import { ensureTenant } from '../helpers/testRows.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const BASE = '/api/permission/Position';
const KEYWORD_COLUMNS = { table: 'sys_position', columns: ['full_name', 'en_code'] };

// The list's keyword search is served by a text index (SQLite FTS5 trigram, PostgreSQL pg_trgm) and
// keeps the meaning users see: a case-insensitive substring of any keyword field, in any script,
// whatever the keyword's length (trigram indexes only see three characters or more).
describe.each(matrix)('$kind: keyword search through the text index', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;

    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
      const rows: [string, string][] = [
        ['检测员', 'P.tester'],
        ['质量检测工程师', 'P.quality'],
        ['样品管理员', 'P.sample'],
        ['QC Lead', 'QC.lead'],
        ['50%_折扣岗', 'P.pct'],
        ['500号岗', 'P.five'],
        ['Quote "x" 岗', 'P.quote'],
      ];
      for (const [fullName, enCode] of rows) {
        const res = await admin.post(BASE, { fullName, enCode });
        expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
      }
      // another tenant's row, written past the engine: the index follows every writer, the tenant still applies
      const db = t.app.ctx.db.db as unknown as Kysely<any>;
      await ensureTenant(t.app.ctx.db.db, 2);
      await db
        .insertInto('sysPosition')
        .values({ id: newId(), tenantId: 2, fullName: '检测员乙', enCode: 'T2.tester', enabledMark: 1, createTime: nowText(), version: 1 })
        .execute();
    });
    afterAll(async () => {
      await t?.close();
    });

    async function found(keyword: string): Promise<string[]> {
      const res = await admin.get(BASE, { keyword, pageSize: 50 });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
      const names = res.body.data.list.map((r: { fullName: string }) => r.fullName).sort();
      expect(res.body.data.pagination.total).toBe(names.length);
      return names;
    }

    it('finds Chinese keywords of one, two, three and more characters as substrings', async () => {
      expect(await found('检')).toEqual(['检测员', '质量检测工程师']);
      expect(await found('检测')).toEqual(['检测员', '质量检测工程师']);
      expect(await found('检测员')).toEqual(['检测员']);
      expect(await found('量检测工')).toEqual(['质量检测工程师']);
      expect(await found('样品管理')).toEqual(['样品管理员']);
      expect(await found('测试员')).toEqual([]);
    });

    it('ignores case, searches every keyword field and takes wildcards and quotes literally', async () => {
      expect(await found('qc lead')).toEqual(['QC Lead']);
      expect(await found('qc')).toEqual(['QC Lead']);
      expect(await found('p.QUALITY')).toEqual(['质量检测工程师']);
      expect(await found('50%')).toEqual(['50%_折扣岗']);
      expect(await found('%_')).toEqual(['50%_折扣岗']);
      expect(await found('"x"')).toEqual(['Quote "x" 岗']);
      expect(await found('e "x')).toEqual(['Quote "x" 岗']);
    });

    it('follows updates and deletes', async () => {
      // rows of its own, so that the other cases see the same rows in any order
      const create = async (fullName: string, enCode: string) => (await admin.post(BASE, { fullName, enCode })).body.data.id as string;
      const renamed = await create('复核员', 'P.review');
      const removed = await create('仓储管理员', 'P.store');
      expect(await found('复核员')).toEqual(['复核员']);
      const edited = await admin.put(`${BASE}/${renamed}`, { fullName: '审核员', version: 1 });
      expect(edited.body).toMatchObject({ code: 200 });
      expect(await found('复核员')).toEqual([]);
      expect(await found('审核员')).toEqual(['审核员']);
      expect(await found('审')).toEqual(['审核员']);
      expect(await found('仓储管理')).toEqual(['仓储管理员']);
      const deleted = await admin.del(`${BASE}/${removed}`);
      expect(deleted.body).toMatchObject({ code: 200 });
      expect(await found('仓储管理')).toEqual([]);
      expect(await found('仓')).toEqual([]);
    });

    it('finds the same rows by index lookup and by row filter', async () => {
      const db = t.app.ctx.db.db.withoutPlugins() as unknown as Kysely<unknown>;
      const { textSearch } = t.app.ctx.db.adapter;
      for (const keyword of ['检', '检测', '量检测工', 'qc LEAD', '50%', 'e "x']) {
        const ids = async (use: KeywordUse) =>
          (
            await sql<{ id: string }>`select id from sys_position where ${textSearch.keywordCondition(KEYWORD_COLUMNS, keyword, use)} order by id`.execute(db)
          ).rows.map((r) => r.id);
        const looked = await ids('lookup');
        expect(looked.length, keyword).toBeGreaterThan(0);
        expect(await ids('filter'), keyword).toEqual(looked);
        expect(await ids('probe'), keyword).toEqual(looked);
      }
    });

    it('has the index, and the keyword condition of three characters or more can be served by it', async () => {
      const handle = t.app.ctx.db;
      const db = handle.db.withoutPlugins() as unknown as Kysely<unknown>;
      const condition = handle.adapter.textSearch.keywordCondition(KEYWORD_COLUMNS, '检测员', 'lookup');
      if (kind === 'sqlite') {
        const { rows } = await sql<{ detail: string }>`explain query plan select id from sys_position where ${condition}`.execute(db);
        expect(rows.map((r) => r.detail).join('\n')).toMatch(/VIRTUAL TABLE INDEX.*(?:sys_position_fts|MATCH)|SCAN sys_position_fts VIRTUAL TABLE/);
      } else {
        const { rows: indexes } = await sql<{
          indexdef: string;
        }>`select indexdef from pg_indexes where tablename = 'sys_position' and indexdef like '%gin_trgm_ops%'`.execute(db);
        expect(indexes.length).toBe(2);
        await db.transaction().execute(async (trx) => {
          // on a table this small a scan is cheaper; forbid it to see that the index can serve the condition
          await sql`set local enable_seqscan = off`.execute(trx);
          const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select id from sys_position where ${condition}`.execute(trx);
          expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Bitmap Index Scan on tx_sys_position_full_name/);
        });
      }
    });
  });
});
