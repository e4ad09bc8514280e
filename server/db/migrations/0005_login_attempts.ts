import type { Kysely } from 'kysely';

/**
 * Failed sign-ins per account name as typed, whether or not such a user exists: counting on the user
 * row made unknown names behave differently from real ones (they never locked), which told an attacker
 * which accounts exist. The counter is one row per name, incremented in the database so parallel
 * attempts cannot undercount. The lockout columns of the old sys_user stay unused in old databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_login_attempt')
    .addColumn('account', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('fail_count', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('last_failure_at', 'bigint', (c) => c.notNull())
    .execute();
}
