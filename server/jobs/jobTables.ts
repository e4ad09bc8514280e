import type { Generated, Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * sys_quartz_job and sys_quartz_job_log as the scheduler reads and writes them: the columns of
 * schemas/system/models/quartzJob(.Log).model.json (the models own those tables; these types only let the
 * hand-written queries be checked), plus the claim table of migration 0008.
 */
export interface QuartzJobTable {
  id: string;
  tenantId: number;
  /** a registered handler's name (server/jobs/jobHandlers.ts), e.g. system.pruneJobLogs */
  jobClassName: string;
  /** seven parts: second minute hour day-of-month month day-of-week year */
  cronExpression: string;
  parameter: string | null;
  description: string | null;
  /** JOB_STATUS */
  status: number;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
  version: Generated<number>;
}

export interface QuartzJobLogTable {
  id: string;
  tenantId: number;
  jobId: string;
  jobClassName: string;
  /** the scheduled time (or the moment of a manual run), 'YYYY-MM-DD HH:mm:ss' */
  fireTime: string;
  /** JOB_TRIGGER */
  triggerType: string;
  /** JOB_RUN_STATUS */
  status: string;
  durationMs: number;
  message: string | null;
  serverId: string;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
  version: Generated<number>;
}

export interface JobTickTable {
  jobId: string;
  /** ms since the epoch of the scheduled time */
  fireTime: number;
  serverId: string;
}

// a type, not an interface: withTables wants the implicit index signature only type aliases get
export type JobTables = {
  sysQuartzJob: QuartzJobTable;
  sysQuartzJobLog: QuartzJobLogTable;
  sysJobTick: JobTickTable;
};

export type JobDb = Kysely<Database & JobTables>;

/** The model's dictionary values (module.json quartz_status): 0 started (正常), -1 stopped (停止), as Jeecg. */
export const JOB_STATUS = { started: 0, stopped: -1 } as const;
export const JOB_TRIGGER = { schedule: 'schedule', manual: 'manual' } as const;
export const JOB_RUN_STATUS = { success: 'success', failure: 'failure' } as const;

export const JOB_TABLE = 'sys_quartz_job';
export const JOB_LOG_TABLE = 'sys_quartz_job_log';

export function jobDb(db: Kysely<Database> | Transaction<Database>): JobDb {
  return db.withTables<JobTables>();
}
