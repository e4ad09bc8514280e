import type { Kysely } from 'kysely';

/**
 * Visual development (server/visualdev/): every saved draft of a designed model, kept so the designer can
 * show the versions and a diff between two of them; and the backups a confirmed destructive release takes
 * of a column before it drops or retypes it (the backup's own table holds the rows; this row says where).
 * The drafts themselves are rows of the model visualdev.design (schemas/visualdev), not a core table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_visualdev_version')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('design_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('model_json', 'text', (c) => c.notNull())
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ux_sys_visualdev_version').on('sys_visualdev_version').columns(['design_id', 'version']).unique().execute();
  await db.schema
    .createTable('sys_visualdev_backup')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('model_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('table_name', 'varchar(63)', (c) => c.notNull())
    .addColumn('column_name', 'varchar(63)', (c) => c.notNull())
    .addColumn('backup_table', 'varchar(63)', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
}
