import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DbAdapter } from '../db/dialects/DbAdapter.js';
import type { Database } from '../db/schema.js';
import { nowText } from '../db/timestamps.js';
import { newId } from '../db/ids.js';
import { cronSchedule, type CronSchedule } from './cronSchedule.js';
import type { JobHandlerRegistry } from './jobHandlers.js';
import { JOB_RUN_STATUS, JOB_STATUS, JOB_TRIGGER, jobDb, type QuartzJobTable } from './jobTables.js';

/** The fields of a job row a run needs. */
export type ScheduledJob = Pick<QuartzJobTable, 'id' | 'tenantId' | 'jobClassName' | 'cronExpression' | 'parameter'>;

export interface JobRunResult {
  logId: string;
  status: (typeof JOB_RUN_STATUS)[keyof typeof JOB_RUN_STATUS];
  durationMs: number;
  message: string | null;
}

export interface JobScheduler {
  /** reads the started jobs again and re-arms the timers of those that changed (also done every pollMs) */
  reload(): Promise<void>;
  /** runs a job now on this server, outside its schedule (run once), and logs the run */
  runNow(job: ScheduledJob): Promise<JobRunResult>;
  /** the fire time (ms) each armed job waits for, by job id (tests and the run log read it) */
  armed(): Map<string, number>;
  /** stops the timers and waits for the runs in flight */
  close(): Promise<void>;
}

export interface JobSchedulerOptions {
  db: Kysely<Database>;
  adapter: DbAdapter;
  handlers: JobHandlerRegistry;
  /** how often the job table is read again, so a change made through another server is picked up */
  pollMs: number;
  onError: (message: string, error: unknown) => void;
  now?: () => number;
}

// setTimeout takes at most 2^31-1 ms; a farther fire time is re-armed when this much has passed
const MAX_DELAY_MS = 24 * 3600_000;
const TICK_RETENTION_MS = 24 * 3600_000;
const MESSAGE_MAX = 2000;

interface Armed {
  signature: string;
  job: ScheduledJob;
  schedule: CronSchedule;
  timer: NodeJS.Timeout | null;
  at: number;
}

/**
 * Runs the started jobs of every tenant on their seven-part schedules. Several servers may share one
 * database: each arms the same fire times (computed from the expression, never from its own clock's
 * moment of waking), and at each one inserts (job id, fire time) into sys_job_tick. The primary key lets
 * exactly one insert succeed, and only that server runs the job, so a tick runs once however many
 * servers there are. A server still busy with the job's previous run does not claim the tick, which
 * leaves it to another server. The job table is read again every pollMs (a change made on another server
 * shows within that time) and at once after a change made through this server's operations.
 */
export function startJobScheduler(options: JobSchedulerOptions): JobScheduler {
  const now = options.now ?? Date.now;
  const db = jobDb(options.db);
  const serverId = `${os.hostname().slice(0, 60)}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const armed = new Map<string, Armed>();
  const running = new Map<string, Promise<unknown>>();
  let closed = false;
  let lastTickPrune = 0;
  let reloading: Promise<void> | null = null;

  const signatureOf = (job: ScheduledJob) => JSON.stringify([job.tenantId, job.jobClassName, job.cronExpression, job.parameter]);

  async function logRun(
    job: ScheduledJob,
    trigger: string,
    fireTime: number,
    started: number,
    failure: unknown,
    summary: string | void,
  ): Promise<JobRunResult> {
    const durationMs = Math.max(0, Math.round(now() - started));
    const status = failure === undefined ? JOB_RUN_STATUS.success : JOB_RUN_STATUS.failure;
    const message = failure === undefined ? (summary ?? null) : failure instanceof Error ? failure.message : String(failure);
    const logId = newId();
    const at = nowText();
    await db
      .insertInto('sysQuartzJobLog')
      .values({
        id: logId,
        tenantId: job.tenantId,
        jobId: job.id,
        jobClassName: job.jobClassName,
        fireTime: nowText(fireTime),
        triggerType: trigger,
        status,
        durationMs,
        message: message?.slice(0, MESSAGE_MAX) ?? null,
        serverId,
        createBy: 'system',
        createTime: at,
        updateBy: null,
        updateTime: null,
        version: 1,
      })
      .execute();
    return { logId, status, durationMs, message };
  }

  /** One run: the handler in its own transaction, then its log row (a failed run rolls back and is logged). */
  async function run(job: ScheduledJob, trigger: string, fireTime: number): Promise<JobRunResult> {
    const started = now();
    const handler = options.handlers.get(job.jobClassName);
    let failure: unknown;
    let summary: string | void = undefined;
    try {
      if (!handler) throw new Error(`no job handler named ${job.jobClassName} is registered`);
      summary = await options.db
        .transaction()
        .execute((trx) => handler({ db: trx, adapter: options.adapter, tenantId: job.tenantId, parameter: job.parameter, fireTime: new Date(fireTime) }));
    } catch (error) {
      failure = error ?? new Error('failed');
    }
    return logRun(job, trigger, fireTime, started, failure, summary);
  }

  function track<T>(jobId: string, work: Promise<T>): Promise<T> {
    const done = work.finally(() => {
      if (running.get(jobId) === done) running.delete(jobId);
    });
    running.set(jobId, done);
    return done;
  }

  async function fire(entry: Armed, at: number): Promise<void> {
    // a job changed or stopped since this timer was set has a new entry (or none): that one decides
    if (armed.get(entry.job.id) !== entry) return;
    arm(entry, at);
    if (closed || running.has(entry.job.id)) return;
    const claim = await db
      .insertInto('sysJobTick')
      .values({ jobId: entry.job.id, fireTime: at, serverId })
      .onConflict((oc) => oc.columns(['jobId', 'fireTime']).doNothing())
      .executeTakeFirst();
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) !== 1) return;
    await track(entry.job.id, run(entry.job, JOB_TRIGGER.schedule, at));
  }

  /** Arms the entry's timer for its next fire time after `after` (or after now, when that is later). */
  function arm(entry: Armed, after: number): void {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = null;
    if (closed) return;
    const next = entry.schedule.nextAfter(new Date(Math.max(after, now())));
    if (!next) return;
    const at = next.getTime();
    entry.at = at;
    const delay = at - now();
    entry.timer =
      delay > MAX_DELAY_MS
        ? setTimeout(() => arm(entry, now()), MAX_DELAY_MS)
        : setTimeout(() => void fire(entry, at).catch((error: unknown) => options.onError(`job ${entry.job.id} run failed`, error)), Math.max(0, delay));
    entry.timer.unref();
  }

  async function pruneTicks(): Promise<void> {
    if (now() - lastTickPrune < 3600_000) return;
    lastTickPrune = now();
    await db
      .deleteFrom('sysJobTick')
      .where('fireTime', '<', now() - TICK_RETENTION_MS)
      .execute();
  }

  async function readJobs(): Promise<void> {
    const rows = await db
      .selectFrom('sysQuartzJob')
      .select(['id', 'tenantId', 'jobClassName', 'cronExpression', 'parameter'])
      .where('status', '=', JOB_STATUS.started)
      .execute();
    if (closed) return;
    const seen = new Set<string>();
    for (const job of rows) {
      seen.add(job.id);
      const signature = signatureOf(job);
      const current = armed.get(job.id);
      if (current?.signature === signature) continue;
      if (current?.timer) clearTimeout(current.timer);
      let schedule: CronSchedule;
      try {
        schedule = cronSchedule(job.cronExpression);
      } catch (error) {
        // saved through the model hook, an expression is valid; one written around it is reported, not run
        armed.delete(job.id);
        options.onError(`job ${job.id} has an expression the scheduler cannot read`, error);
        continue;
      }
      const entry: Armed = { signature, job, schedule, timer: null, at: 0 };
      armed.set(job.id, entry);
      arm(entry, now());
    }
    for (const [id, entry] of armed) {
      if (seen.has(id)) continue;
      if (entry.timer) clearTimeout(entry.timer);
      armed.delete(id);
    }
    await pruneTicks();
  }

  const reload = (): Promise<void> => {
    // one read at a time; a reload asked for during one waits for it and reads again
    const previous = reloading ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(readJobs);
    reloading = next.finally(() => {
      if (reloading === next) reloading = null;
    });
    return next;
  };

  const poll = setInterval(() => void reload().catch((error: unknown) => options.onError('reading the scheduled jobs failed', error)), options.pollMs);
  poll.unref();
  void reload().catch((error: unknown) => options.onError('reading the scheduled jobs failed', error));

  return {
    reload,
    runNow: (job) => track(job.id, run(job, JOB_TRIGGER.manual, now())),
    armed: () => new Map([...armed].map(([id, entry]) => [id, entry.at])),
    async close() {
      closed = true;
      clearInterval(poll);
      for (const entry of armed.values()) if (entry.timer) clearTimeout(entry.timer);
      armed.clear();
      await reloading?.catch(() => undefined);
      await Promise.allSettled([...running.values()]);
    },
  };
}
