import type { Kysely } from 'kysely';

/**
 * Anonymous rejections are aggregated (server/auth/rejectionLog.ts): one row per client address,
 * kind and minute, counting how often it happened and when it last did. Rows written before this
 * migration stand for one occurrence each. The time index of 0001 serves retention.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sys_security_log')
    .addColumn('occurrences', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('sys_security_log').addColumn('last_time', 'bigint').execute();
}
