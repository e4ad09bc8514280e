import type { Kysely } from 'kysely';

/**
 * Each user's list column preferences (order and visibility) per model and tenant, saved by the
 * column-settings drawer through /api/permission/Authority/SetColumnsByModuleId (server/api/columnSettings.ts).
 * One row per (user, tenant, module): the unique index lets a save be one upsert.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_column_setting')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('module_id', 'varchar(80)', (c) => c.notNull())
    .addColumn('field_list', 'text', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ux_sys_column_setting').on('sys_column_setting').columns(['user_id', 'tenant_id', 'module_id']).unique().execute();
}
