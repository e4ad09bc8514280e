import dayjs from 'dayjs';
import { sql } from 'kysely';
import { nowText } from '../db/timestamps.js';
import { successMessage } from '../i18n/messages.js';
import { parseJobParameter, type JobHandlerRegistry } from './jobHandlers.js';
import { JOB_LOG_TABLE } from './jobTables.js';

const DAY_LIMIT = { min: 1, max: 3650 };
/** The run log is written in the source language, like every stored text. */
const STORED_LANG = 'zh-CN';

/** `days` from the job's parameter, or the default; out of range or not an integer is a failed run. */
function daysParameter(parameter: string | null, fallback: number): number {
  const days = parseJobParameter(parameter).days ?? fallback;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < DAY_LIMIT.min || days > DAY_LIMIT.max) {
    throw new Error(`days must be an integer from ${DAY_LIMIT.min} to ${DAY_LIMIT.max}`);
  }
  return days;
}

/** A retention sweep: deletes the tenant's rows of `table` whose `column` (a datetime text) is older than `days`. */
function retention(table: string, column: string, fallbackDays: number): Parameters<JobHandlerRegistry['register']>[1] {
  return async ({ db, tenantId, parameter, fireTime }) => {
    const days = daysParameter(parameter, fallbackDays);
    const before = nowText(dayjs(fireTime).subtract(days, 'day').valueOf());
    const result = await sql`delete from ${sql.table(table)} where tenant_id = ${tenantId} and ${sql.ref(column)} < ${before}`.execute(db);
    return successMessage('rowsPruned', STORED_LANG, { count: Number(result.numAffectedRows ?? 0), days });
  };
}

/**
 * The handlers every Cloudlab has (the `job_handler` dictionary in schemas/system/module.json names them):
 * - system.pruneJobLogs: keeps the tenant's job run logs for `days` (default 30);
 * - system.pruneSystemLogs: keeps the tenant's login and operation log (sys_log) for `days` (default 180).
 * (Certificate expiry notices run on their own daily timer: server/staff/certificateExpiry.ts.)
 */
export function registerBuiltinJobHandlers(handlers: JobHandlerRegistry): void {
  handlers.register('system.pruneJobLogs', retention(JOB_LOG_TABLE, 'fire_time', 30));
  handlers.register('system.pruneSystemLogs', retention('sys_log', 'create_time', 180));
}
