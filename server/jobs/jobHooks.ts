import { sql } from 'kysely';
import { checkCron } from '../../runtime/cron/cronExpression.js';
import { nowText } from '../db/timestamps.js';
import type { HookRegistry, OperationHookContext } from '../engine/hookRegistry.js';
import { appError, errorText, validationError, type FieldError } from '../errors.js';
import { cronSchedule } from './cronSchedule.js';
import { parseJobParameter, type JobHandlerRegistry } from './jobHandlers.js';
import { JOB_STATUS, jobDb, JOB_TABLE } from './jobTables.js';
import type { JobRunResult, JobScheduler, ScheduledJob } from './scheduler.js';

/** The field problems of a job's values (create, or an update's merged record). */
function jobProblems(values: Record<string, unknown>, handlers: JobHandlerRegistry, lang: Parameters<typeof errorText>[1]): FieldError[] {
  const problems: FieldError[] = [];
  const cron = values.cronExpression;
  if (typeof cron === 'string') {
    if (checkCron(cron).length > 0) problems.push({ field: 'cronExpression', message: errorText('CL_ERR_JOB_CRON_INVALID', lang) });
    else if (!cronSchedule(cron).nextAfter(new Date())) problems.push({ field: 'cronExpression', message: errorText('CL_ERR_JOB_CRON_NEVER', lang) });
  }
  if (typeof values.jobClassName === 'string' && !handlers.get(values.jobClassName)) {
    problems.push({ field: 'jobClassName', message: errorText('CL_ERR_JOB_HANDLER_UNKNOWN', lang) });
  }
  if (typeof values.parameter === 'string') {
    try {
      parseJobParameter(values.parameter);
    } catch {
      problems.push({ field: 'parameter', message: errorText('CL_ERR_JOB_PARAMETER_INVALID', lang) });
    }
  }
  return problems;
}

function jobOf(ctx: OperationHookContext): ScheduledJob {
  const record = ctx.record as Record<string, unknown>;
  return {
    id: String(record.id),
    tenantId: ctx.context.tenantId,
    jobClassName: String(record.jobClassName),
    cronExpression: String(record.cronExpression),
    parameter: typeof record.parameter === 'string' ? record.parameter : null,
  };
}

/**
 * The hooks of model system.quartzJob: its values are checked on every save (a seven-part expression that
 * fires again, a registered handler, a JSON-object parameter), start and stop set its status and re-arm
 * this server's scheduler at once (others within their poll), and run once runs its handler on this server
 * after the operation committed; the answer carries the run's log id, status and message.
 */
export function registerJobHooks(hooks: HookRegistry, handlers: JobHandlerRegistry, scheduler: () => JobScheduler | null): void {
  hooks.register('system.checkJob', ({ values, context, mode }) => {
    const problems = jobProblems(values, handlers, context.lang);
    if (problems.length > 0) throw validationError(problems);
    // a new job waits for its start (status is not writable: start and stop are operations)
    if (mode === 'create') values.status = JOB_STATUS.stopped;
  });

  const setStatus = (status: number) => async (ctx: OperationHookContext) => {
    const job = jobOf(ctx);
    // a job saved before a handler was removed from the code cannot start
    if (status === JOB_STATUS.started && !handlers.get(job.jobClassName)) throw appError('CL_ERR_JOB_HANDLER_UNKNOWN');
    await jobDb(ctx.db)
      .updateTable('sysQuartzJob')
      .set({ status, updateBy: ctx.context.auth.username, updateTime: nowText(), version: sql<number>`version + 1` })
      .where('id', '=', job.id)
      .where('tenantId', '=', ctx.context.tenantId)
      .execute();
    ctx.touch(JOB_TABLE);
    ctx.afterCommit(async () => scheduler()?.reload());
    return { id: job.id, status };
  };
  hooks.registerOperation('system.resumeJob', setStatus(JOB_STATUS.started));
  hooks.registerOperation('system.pauseJob', setStatus(JOB_STATUS.stopped));

  hooks.registerOperation('system.executeJob', (ctx) => {
    const job = jobOf(ctx);
    if (!handlers.get(job.jobClassName)) throw appError('CL_ERR_JOB_HANDLER_UNKNOWN');
    // the handler runs in its own transaction once this one is over (an embedded database has one
    // connection, which this transaction holds); the answer is filled in before it is sent
    const answer: Partial<JobRunResult> & { id: string } = { id: job.id };
    ctx.afterCommit(async () => {
      const running = scheduler();
      if (!running) throw new Error('the job scheduler is not running');
      Object.assign(answer, await running.runNow(job));
    });
    return answer;
  });
}
