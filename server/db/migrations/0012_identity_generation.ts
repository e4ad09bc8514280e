import { sql, type Kysely } from 'kysely';

// The identity generation (server/db/identityGeneration.ts): one row counting the writes to the tables a
// caller's identity is derived from, so that each server may cache who a user is and reuse it while the
// count stands. The triggers that count are created with those tables by model sync (a new database has
// none of them yet), on an existing database at its next start. Frozen like any migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_identity_generation')
    .ifNotExists()
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('generation', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into sys_identity_generation (id, generation) select 1, 0 where not exists (select 1 from sys_identity_generation where id = 1)`.execute(db);
}
