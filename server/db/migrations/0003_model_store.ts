import type { Kysely } from 'kysely';

/**
 * The model store (server/engine/store/): models released at run time, one row per model id holding
 * its latest released file. Files shipped in module folders are not copied here; a row here wins
 * over a module file with the same id, because a release is the newer, deliberate decision.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_model')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('module', 'varchar(50)', (c) => c.notNull())
    .addColumn('json', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('checksum', 'varchar(64)', (c) => c.notNull())
    .addColumn('released_by', 'varchar(64)')
    .addColumn('released_at', 'varchar(19)', (c) => c.notNull())
    .execute();
}
