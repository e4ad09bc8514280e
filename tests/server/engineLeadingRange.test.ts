import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledRead } from '../../server/db/slowReads.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { grant, insertDepart, insertRole, insertUser } from '../helpers/testRows.js';
import { client, insertPositions, recordReads, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const BASE = '/api/permission/Position';
const ROWS = 6_000;
const PAGE = 20;
// Three keywords the text index serves, each 1 in 16 rows (375 matches: page 1 would walk some 320
// rows of the sort index, a sparse filter), differing in how many of their matches have no sort value:
// many (page 1 lies among the nulls where they sort first), a few (page 1 spans the nulls and the
// values: no range serves it) and none.
const MANY_NULLS = '稀疏甲';
const FEW_NULLS = '稀疏乙';
const NO_NULLS = '稀疏丙';
const KEYWORDS = [MANY_NULLS, FEW_NULLS, NO_NULLS];
/** a keyword whose first match sorts first of all and the others last: its leading range holds most of the table */
const FAR_APART = '稀疏丁';

function positionOf(i: number) {
  const keyword = i % 16 === 5 ? MANY_NULLS : i % 16 === 9 ? FEW_NULLS : i % 16 === 13 ? NO_NULLS : i % 16 === 1 ? FAR_APART : '';
  const noSortValue = (keyword === MANY_NULLS && i % 7 === 0) || (keyword === FEW_NULLS && i < 16 * 5) || (keyword === '' && i % 11 === 0);
  // matches cluster in the second half of the sort order, with ties on the sort value (the id decides)
  const sortCode = noSortValue ? null : keyword === FAR_APART ? (i === 1 ? 0 : 990 + (i % 10)) : keyword ? 500 + (i % 400) : i % 900;
  return { fullName: `${keyword}岗位${i}`, enCode: `L${i}`, sortCode };
}

// Pages before a sparse filter's first anchor (page 1) are read as a walk of the sort index from the
// set's first row to that anchor (pageAnchors.ts leadingRangeSql), once the anchors are cached. Whatever
// the path, the page must hold exactly the rows of the database's own ORDER BY … LIMIT, in both
// directions, with null sort values, in a data scope — and a write through the engine shows at once.
describe.each(matrix)('$kind: pages before the first anchor', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let scoped: Client;
    let department = '';
    /** anchor sets read so far */
    let derived = 0;
    const statements: string[] = [];

    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
      await insertPositions(t, ROWS, positionOf);
      const db = t.app.ctx.db.db;
      // a role that lists positions of its own department: every other run of 16 rows, half of each keyword's
      department = await insertDepart(db, `LR${process.pid}`, '稀疏部门');
      await sql`update sys_position set organize_id = ${department} where cast(substr(en_code, 2) as integer) / 16 % 2 = 0`.execute(db);
      const roleId = await insertRole(db, `leading-range-${process.pid}`);
      await grant(db, roleId, ['btn:system:position:list']);
      const rule = await admin.post('/sys/dataRule/add', { name: '本部门岗位', modelId: 'system.position', kind: 'department' });
      expect(rule.body).toMatchObject({ success: true });
      expect((await admin.post('/sys/roleDataRule/add', { roleId, ruleId: rule.body.result.id })).body).toMatchObject({ success: true });
      const username = `leading${process.pid}`;
      await insertUser(db, { username, password: 'Passw0rd1', roleIds: [roleId], departIds: [department] });
      scoped = client(t, await t.login(username, 'Passw0rd1'));
      recordReads(t, ['quickReads', 'slowReads'], (query) => statements.push(query.sql));
      // an anchor set counts once read (recordReads tells of a read before it runs)
      const reads = t.app.ctx.db.slowReads;
      const all = reads.all.bind(reads);
      reads.all = async <Row>(query: CompiledRead) => {
        const rows = await all<Row>(query);
        if (/row_number/.test(query.sql)) derived++;
        return rows;
      };
    });
    afterAll(async () => {
      await t?.close();
    });

    type Who = 'admin' | 'scoped';

    /** what the database itself says page 1 is: ids and sort values */
    async function expected(who: Who, order: 'asc' | 'desc', keyword: string): Promise<{ id: string; sortCode: number | null }[]> {
      const dir = sql.raw(order);
      const scope = who === 'scoped' ? sql`and organize_id = ${department}` : sql``;
      const { rows } = await sql<{ id: string; sortCode: number | null }>`select id, sort_code as ${sql.id('sortCode')} from sys_position
        where tenant_id = 1 and full_name like ${`%${keyword}%`} ${scope}
        order by sort_code ${dir}, id ${dir} limit ${PAGE}`.execute(t.app.ctx.db.db);
      return rows.map((r) => ({ id: r.id, sortCode: r.sortCode === null ? null : Number(r.sortCode) }));
    }

    async function served(who: Who, order: 'asc' | 'desc', keyword: string): Promise<string[]> {
      const res = await (who === 'admin' ? admin : scoped).get(BASE, { currentPage: 1, pageSize: PAGE, sidx: 'sortCode', sort: order, keyword });
      expect(res.body.code).toBe(200);
      return (res.body.data.list as { id: string }[]).map((r) => r.id);
    }

    /** page 1 read within a range of anchors: bounds at or past a row value, or among nulls at or past an id */
    const rangeStatements = () => statements.filter((q) => /\("sort_code", "id"\) [<>]= \(|"sort_code" is null and "id" [<>]= /.test(q));

    /** A write through the engine drops the table's cached totals, walks and anchors (cases run shuffled). */
    async function forgetDerivedPages(): Promise<void> {
      const created = await admin.post(BASE, { fullName: '临时岗位', enCode: `TMP${Date.now()}`, sortCode: 0, enabledMark: 1 });
      expect(created.body.code).toBe(200);
      expect((await admin.del(`${BASE}/${created.body.data.id}`)).body.code).toBe(200);
    }

    /** serves page 1 as without anchors, which starts deriving them, and waits until they are cached */
    async function deriveAnchors(who: Who, order: 'asc' | 'desc', keyword: string): Promise<void> {
      const before = derived;
      expect(await served(who, order, keyword)).toEqual((await expected(who, order, keyword)).map((r) => r.id));
      for (let i = 0; i < 500 && derived <= before; i++) await new Promise((r) => setTimeout(r, 20));
      expect(derived).toBeGreaterThan(before);
      await new Promise((r) => setTimeout(r, 10));
    }

    const cases = (['admin', 'scoped'] as const).flatMap((who) => (['asc', 'desc'] as const).flatMap((order) => KEYWORDS.map((k) => [who, order, k] as const)));

    it.each(cases)('%s, %s, keyword %s: page 1 read from anchors equals ORDER BY … LIMIT', async (who, order, keyword) => {
      await forgetDerivedPages();
      await deriveAnchors(who, order, keyword);
      const rows = await expected(who, order, keyword);
      expect(rows).toHaveLength(PAGE);
      statements.length = 0;
      expect(await served(who, order, keyword)).toEqual(rows.map((r) => r.id));
      // a range from the first row to the page's last serves it unless it spans nulls and values
      const spansNullsAndValues = (rows[0]!.sortCode === null) !== (rows[PAGE - 1]!.sortCode === null);
      expect(rangeStatements()).toHaveLength(spansNullsAndValues ? 0 : 1);
    });

    it.each(['asc', 'desc'] as const)('%s: page 1 of a keyword whose leading range is most of the table equals ORDER BY … LIMIT', async (order) => {
      // walked or not (by how many rows the range holds against the set: readRecords.ts), the rows are the same
      await forgetDerivedPages();
      await deriveAnchors('admin', order, FAR_APART);
      expect(await served('admin', order, FAR_APART)).toEqual((await expected('admin', order, FAR_APART)).map((r) => r.id));
    });

    it('covers a range among nulls, one of values, and one spanning both (no range) in each direction', async () => {
      // the cases above are only as good as the shapes they meet: make sure the data holds all three
      const shapes = new Set<string>();
      for (const order of ['asc', 'desc'] as const) {
        for (const keyword of KEYWORDS) {
          const rows = await expected('admin', order, keyword);
          shapes.add(`${order} ${rows[0]!.sortCode === null ? 'null' : 'value'}-${rows[PAGE - 1]!.sortCode === null ? 'null' : 'value'}`);
        }
      }
      // nulls sort first ascending on SQLite, descending on PostgreSQL
      const nullsFirst = kind === 'sqlite' ? 'asc' : 'desc';
      const nullsLast = nullsFirst === 'asc' ? 'desc' : 'asc';
      expect([...shapes].sort()).toEqual(
        [`${nullsFirst} null-null`, `${nullsFirst} null-value`, `${nullsFirst} value-value`, `${nullsLast} value-value`].sort(),
      );
    });

    it('shows a write through the engine on page 1 at once: inserts before, inside and after the range, a delete, a move', async () => {
      await forgetDerivedPages();
      const check = async (when: string) => {
        for (const order of ['asc', 'desc'] as const) {
          await deriveAnchors('admin', order, NO_NULLS);
          statements.length = 0;
          expect(await served('admin', order, NO_NULLS), `${when}: ${order}, from anchors`).toEqual(
            (await expected('admin', order, NO_NULLS)).map((r) => r.id),
          );
          expect(rangeStatements(), `${when}: ${order} read a range`).toHaveLength(1);
        }
      };
      await check('before');
      const ends = [499, 650, 1000];
      const made: string[] = [];
      for (const sortCode of ends) {
        const created = await admin.post(BASE, { fullName: `${NO_NULLS}新岗位${sortCode}`, enCode: `LR.NEW${sortCode}`, sortCode, enabledMark: 1 });
        expect(created.body.code).toBe(200);
        made.push(created.body.data.id);
        // check() first serves each order right after the write, then again from the anchors derived since
        await check(`after inserting at ${sortCode}`);
      }
      // the first row ascending: the one just inserted before the range
      const [first] = await expected('admin', 'asc', NO_NULLS);
      expect(first!.id).toBe(made[0]);
      expect((await admin.del(`${BASE}/${made.shift()!}`)).body.code).toBe(200);
      await check('after deleting the first row');
      const [, second] = await expected('admin', 'desc', NO_NULLS);
      const { rows } = await sql<{ version: number }>`select version from sys_position where id = ${second!.id}`.execute(t.app.ctx.db.db);
      expect((await admin.put(`${BASE}/${second!.id}`, { sortCode: 700, version: rows[0]!.version })).body.code).toBe(200);
      await check('after a move out of the range');
      for (const id of made) expect((await admin.del(`${BASE}/${id}`)).body.code).toBe(200);
    });

    it('reads page 1 as without anchors when writes the engine did not see emptied part of the range', async () => {
      await forgetDerivedPages();
      await deriveAnchors('admin', 'asc', NO_NULLS);
      const before = await expected('admin', 'asc', NO_NULLS);
      // a delete past the engine (another server, a script): the cached anchors still bound the range
      await sql`delete from sys_position where id in (${sql.join(before.slice(3, 5).map((r) => r.id))})`.execute(t.app.ctx.db.db);
      expect(await served('admin', 'asc', NO_NULLS)).toEqual((await expected('admin', 'asc', NO_NULLS)).map((r) => r.id));
    });
  });
});
