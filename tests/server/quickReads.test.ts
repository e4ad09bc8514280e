import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../server/db/createDb.js';
import { createTestDatabase, databaseMatrix, type TestDatabase } from '../helpers/databases.js';

const matrix = await databaseMatrix();

// Quick reads (server/db/dialects/<name>/quickReads.ts) serve the identity check, list pages and
// single records outside Kysely's driver: they must read exactly what is committed, and keep working
// when a release changes a table under a statement they prepared.
describe.each(matrix)('$kind: quick reads', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let database: TestDatabase;
    let handle: DbHandle;
    let db: Kysely<unknown>;
    const seen: string[] = [];

    const read = (text: string, parameters: unknown[] = []) => handle.quickReads.all<Record<string, unknown>>({ sql: text, parameters });
    const placeholder = (n: number) => (kind === 'postgres' ? `$${n}` : '?');

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      handle = createDb({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, onQuery: (text) => seen.push(text) });
      db = handle.db.withoutPlugins() as unknown as Kysely<unknown>;
      await sql`create table quick_row (id varchar(36) primary key, label varchar(50))`.execute(db);
      await sql`insert into quick_row (id, label) values ('a', 'first')`.execute(db);
    });
    afterAll(async () => {
      await handle?.close();
      await database?.drop();
    });

    it('binds values and reports the statement to the query observer', async () => {
      seen.length = 0;
      const text = `select id, label from quick_row where id = ${placeholder(1)}`;
      expect(await read(text, ['a'])).toEqual([{ id: 'a', label: 'first' }]);
      expect(await read(text, ["a' or '1'='1"])).toEqual([]);
      expect(seen.filter((s) => s === text)).toHaveLength(2);
    });

    it("never sees another request's uncommitted transaction, and sees it once committed", async () => {
      const text = `select count(*) as n from quick_row where label = ${placeholder(1)}`;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inserted!: () => void;
      const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
      const transaction = handle.db.transaction().execute(async (trx) => {
        await sql`insert into quick_row (id, label) values ('b', 'pending')`.execute(trx);
        inserted();
        await held;
      });
      await insertedNow;
      expect(Number((await read(text, ['pending']))[0]!.n)).toBe(0);
      release();
      await transaction;
      expect(Number((await read(text, ['pending']))[0]!.n)).toBe(1);
    });

    it('keeps answering after the table under a prepared statement changes shape', async () => {
      const text = 'select * from quick_row order by id';
      expect(Object.keys((await read(text))[0]!)).toEqual(['id', 'label']);
      await sql`alter table quick_row add column note varchar(20)`.execute(db);
      // PostgreSQL refuses a prepared plan whose result type changed (0A000); the read plans it afresh
      for (let i = 0; i < 3; i++) expect(Object.keys((await read(text))[0]!)).toEqual(['id', 'label', 'note']);
    });

    it('answers a bad statement with the database error, and the next read still works', async () => {
      await expect(read('select nothing_here from quick_row')).rejects.toThrow();
      expect(await read(`select label from quick_row where id = ${placeholder(1)}`, ['a'])).toEqual([{ label: 'first' }]);
    });
  });
});
