import type { Kysely } from 'kysely';

/**
 * One row per scheduled job run that a server claimed (server/jobs/scheduler.ts): when several servers
 * share the database, each computes the same fire time for a job, and only the one whose insert of
 * (job_id, fire_time) succeeds runs it. The primary key makes the claim atomic on both databases, with
 * no lock held while the job runs. Rows older than a day are pruned by the scheduler.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_job_tick')
    .addColumn('job_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('fire_time', 'bigint', (c) => c.notNull())
    .addColumn('server_id', 'varchar(100)', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_sys_job_tick', ['job_id', 'fire_time'])
    .execute();
}
