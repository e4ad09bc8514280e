import type { Kysely } from 'kysely';

// The engine's own bookkeeping, needed before any model exists: sessions and the security log
// (Kysely keeps its migration tables itself). Every other table is a model's and is created by
// server/engine/syncModelTables.ts. Databases created before that change ran an older version of
// this migration, which also made the core tables; 0004_core_tables_to_models adopts them.
// Written once for both databases: only types both understand. Column names are snake_case on
// purpose; the CamelCasePlugin leaves them alone here and maps camelCase to them everywhere else.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_session')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoke_reason', 'varchar(32)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(255)')
    .execute();
  await db.schema.createIndex('ix_sys_session_user').on('sys_session').column('user_id').execute();

  await db.schema
    .createTable('sys_security_log')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('event', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)')
    .addColumn('username', 'varchar(64)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('request_id', 'varchar(64)')
    .addColumn('detail', 'varchar(1000)')
    .execute();
  await db.schema.createIndex('ix_sys_security_log_time').on('sys_security_log').column('time').execute();
}
