import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../server/db/createDb.js';
import { createTestDatabase, databaseMatrix, type TestDatabase } from '../helpers/databases.js';

const matrix = await databaseMatrix();

// Each role of the dialect adapters (server/db/dialects/<name>/) against the real database: the
// engine relies on these answers and never looks at the database's name itself.
describe.each(matrix)('$kind: dialect adapter roles', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let database: TestDatabase;
    let handle: DbHandle;
    let db: Kysely<unknown>;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      handle = createDb({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
      db = handle.db.withoutPlugins() as unknown as Kysely<unknown>;
      const { ddl } = handle.adapter;
      await sql`create table parent_row (id varchar(36) primary key)`.execute(db);
      await sql`create table adapter_row (
          id varchar(36) primary key,
          code varchar(20) not null,
          label varchar(50),
          payload ${sql.raw(ddl.columnType('json'))},
          parent_id varchar(36) references parent_row (id)
        )`.execute(db);
      await sql`create unique index ux_adapter_row_code on adapter_row (code)`.execute(db);
    });
    afterAll(async () => {
      await handle?.close();
      await database?.drop();
    });

    it('upsert: inserts, skips or updates the row its conflict columns match', async () => {
      const { upsert } = handle.adapter;
      await upsert
        .insertIgnoring(
          'adapter_row',
          [
            { id: 'a', code: 'A', label: 'first' },
            { id: 'b', code: 'B', label: 'second' },
          ],
          ['code'],
        )
        .execute(db);
      await upsert.insertIgnoring('adapter_row', [{ id: 'a2', code: 'A', label: 'ignored' }], ['code']).execute(db);
      await upsert.upsert('adapter_row', { id: 'b2', code: 'B', label: 'updated' }, ['code'], ['label']).execute(db);
      await upsert.upsert('adapter_row', { id: 'c', code: 'C', label: 'new' }, ['code'], ['label']).execute(db);
      const { rows } = await sql<{
        id: string;
        code: string;
        label: string;
      }>`select id, code, label from adapter_row where code in ('A', 'B', 'C') order by code`.execute(db);
      expect(rows).toEqual([
        { id: 'a', code: 'A', label: 'first' },
        { id: 'b', code: 'B', label: 'updated' },
        { id: 'c', code: 'C', label: 'new' },
      ]);
    });

    it('json: a value round-trips through the json column, arrays and strings included', async () => {
      const { json } = handle.adapter;
      const values: unknown[] = [{ a: [1, 'x', null], b: { c: true } }, [1, 2, 3], '文本', 42, null];
      for (const [i, value] of values.entries()) {
        await sql`insert into adapter_row (id, code, payload) values (${`j${i}`}, ${`J${i}`}, ${json.toDb(value)})`.execute(db);
      }
      const { rows } = await sql<{ payload: unknown }>`select payload from adapter_row where code like 'J%' order by code`.execute(db);
      expect(rows.map((r) => json.fromDb(r.payload))).toEqual(values);
    });

    it('json.member: a member of a stored object as a value of the portable type, null where it is absent', async () => {
      const { json } = handle.adapter;
      const payload = sql.ref('payload');
      await sql`insert into adapter_row (id, code, payload) values ('om1', 'OM1', ${json.toDb({ n: 7, s: '文本', f: 1.5, o: { a: 1 } })})`.execute(db);
      const { rows } = await sql<{
        id: string;
        s: unknown;
        n: unknown;
      }>`select id, ${json.member(payload, 's', 'varchar(10)')} as s, ${json.member(payload, 'n', 'integer')} as n
        from adapter_row where ${json.member(payload, 'n', 'integer')} > ${6} and ${json.member(payload, 'f', 'double precision')} = ${1.5}
          and ${json.member(payload, 's', 'text')} = ${'文本'} and ${json.member(payload, 'missing', 'varchar(5)')} is null
          and ${json.member(payload, 'o', 'json')} is not null`.execute(db);
      expect(rows.map((r) => [r.id, r.s, Number(r.n)])).toEqual([['om1', '文本', 7]]);
    });

    it('errors: names the unique index or its columns, and recognises a foreign-key violation', async () => {
      const { errors } = handle.adapter;
      // rows of its own: the cases run in any order
      await sql`insert into adapter_row (id, code) values ('e1', 'E1')`.execute(db);
      const duplicate = await sql`insert into adapter_row (id, code) values ('dup', 'E1')`.execute(db).catch((e: unknown) => e);
      const violation = errors.uniqueViolation(duplicate);
      expect(violation).not.toBeNull();
      expect(violation!.index === 'ux_adapter_row_code' || violation!.columns.at(-1) === 'code').toBe(true);
      expect(errors.foreignKeyViolation(duplicate)).toBe(false);

      const orphan = await sql`insert into adapter_row (id, code, parent_id) values ('fk', 'FK', 'missing')`.execute(db).catch((e: unknown) => e);
      expect(errors.foreignKeyViolation(orphan)).toBe(true);
      expect(errors.uniqueViolation(orphan)).toBeNull();
      expect(errors.uniqueViolation(new Error('something else'))).toBeNull();
    });

    it('textSearch.like: case-insensitive, with escaped wildcards', async () => {
      const { textSearch } = handle.adapter;
      await sql`insert into adapter_row (id, code, label) values ('l1', 'L1', 'Quality 50%'), ('l2', 'L2', 'quality 500')`.execute(db);
      const { rows } = await sql<{ id: string }>`select id from adapter_row where ${textSearch.like(sql.ref('label'), '%QUALITY 50\\%')} order by id`.execute(
        db,
      );
      expect(rows.map((r) => r.id)).toEqual(['l1']);
    });

    it('textSearch.like: a pattern with a letter folds its case; one with none (Chinese, digits) matches only itself', async () => {
      const { textSearch } = handle.adapter;
      await sql`insert into adapter_row (id, code, label) values ('c1', 'C1', '检测A岗1'), ('c2', 'C2', '检测a岗2'), ('c3', 'C3', '检验岗3'), ('c4', 'C4', '检测岗_4')`.execute(
        db,
      );
      const matching = async (pattern: string) =>
        (await sql<{ id: string }>`select id from adapter_row where ${textSearch.like(sql.ref('label'), pattern)} order by id`.execute(db)).rows.map(
          (r) => r.id,
        );
      expect(await matching('%检测%')).toEqual(['c1', 'c2', 'c4']);
      expect(await matching('%检测a%')).toEqual(['c1', 'c2']);
      expect(await matching('%检测A岗1%')).toEqual(['c1']);
      expect(await matching('%岗\\_4%')).toEqual(['c4']);
      expect(await matching('%检_岗%')).toEqual(['c3', 'c4']);
    });

    it('textSearch.indexedMatches: counts what a lookup of the keyword visits, where an index lists it', async () => {
      const { textSearch } = handle.adapter;
      const target = { table: 'adapter_row', columns: ['label'] };
      await textSearch.syncIndex(db, target, () => {});
      await sql`insert into adapter_row (id, code, label) values ('m1', 'M1', 'Matchword one'), ('m2', 'M2', 'other MATCHWORD'), ('m3', 'M3', 'none')`.execute(
        db,
      );
      const count = textSearch.indexedMatches(target, 'matchword');
      // a lookup through the index (SQLite's text table) visits its matches; where the planner picks its own
      // plan (PostgreSQL, no scan plans) there is nothing to estimate
      if (handle.adapter.paging.scanPlans) {
        const { rows } = await count!.execute(db);
        expect(Number(rows[0]!.total)).toBe(2);
        const lookup = await sql<{
          id: string;
        }>`select id from adapter_row where ${textSearch.keywordCondition(target, 'matchword', 'lookup')} order by id`.execute(db);
        expect(lookup.rows.map((r) => r.id)).toEqual(['m1', 'm2']);
      } else {
        expect(count).toBeNull();
      }
      // too short for a trigram: the lookup reads every row
      expect(textSearch.indexedMatches(target, 'ma')).toBeNull();
    });

    it('paging: NULL sort values go where the adapter says', async () => {
      await sql`insert into adapter_row (id, code, label) values ('n1', 'N1', 'named'), ('n2', 'N2', null)`.execute(db);
      const ordered = await sql<{ id: string }>`select id from adapter_row where id in ('n1', 'n2') order by label asc`.execute(db);
      expect(ordered.rows.map((r) => r.id)).toEqual(handle.adapter.paging.nullsFirstAscending ? ['n2', 'n1'] : ['n1', 'n2']);
    });
  });
});
