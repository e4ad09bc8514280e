import dayjs from 'dayjs';
import { sql, type Transaction } from 'kysely';
import type { DbAdapter } from '../db/dialects/DbAdapter.js';
import { newId } from '../db/ids.js';
import type { Database } from '../db/schema.js';
import { nowText } from '../db/timestamps.js';
import { appError } from '../errors.js';

/** The table of the bill-number rules (model system.billRule, schemas/system/models/billRule.model.json). */
export const BILL_RULE_TABLE = 'sys_bill_rule';

/** A rule a model names before anyone configured it: `<code>` + date + four digits (documented in docs/model-format.md). */
const NEW_RULE = { prefix: '', date_format: 'YYYYMMDD', digit: 4, start_number: 1 };

interface Counter {
  prefix: string | null;
  fmt: string | null;
  digit: number | string | null;
  start: number | string | null;
  issued: number | string;
  period: string | null;
  enabled: number | string | null;
}

/** Increments the rule's counter and returns the row as it now is; the update holds the row's lock until commit. */
async function bump(trx: Transaction<Database>, tenantId: number, code: string): Promise<Counter | undefined> {
  const { rows } = await sql<Counter>`update ${sql.table(BILL_RULE_TABLE)} set this_number = coalesce(this_number, 0) + 1
    where tenant_id = ${tenantId} and en_code = ${code}
    returning prefix, date_format as fmt, digit, start_number as start, this_number as issued, this_period as period, enabled_mark as enabled`.execute(trx);
  return rows[0];
}

/**
 * The next number of a bill-number rule in the writer's tenant, inside the write's transaction:
 * prefix + the date in the rule's format + the sequence, zero-padded to `digit` places. The sequence
 * restarts at `startNumber` whenever the date part changes (a YYYYMMDD rule counts per day).
 *
 * Concurrency: the first statement is an UPDATE of the rule's row, which locks it until the write
 * commits (a row lock, or the whole database where writers are serialised), so two writes never get the same number,
 * and a write that rolls back gives its number back. A rule nobody configured yet is created with
 * NEW_RULE's format (insert-if-absent, safe under races) so a module's model works out of the box;
 * a disabled rule refuses (CL_ERR_BILL_RULE_DISABLED).
 */
export async function nextBillNumber(trx: Transaction<Database>, adapter: DbAdapter, tenantId: number, code: string, at = Date.now()): Promise<string> {
  let counter = await bump(trx, tenantId, code);
  if (!counter) {
    const row = {
      id: newId(),
      tenant_id: tenantId,
      full_name: code,
      en_code: code,
      ...NEW_RULE,
      this_number: 0,
      enabled_mark: 1,
      create_by: 'system',
      create_time: nowText(at),
      version: 1,
    };
    await adapter.upsert.insertIgnoring(BILL_RULE_TABLE, [row], ['tenant_id', 'en_code']).execute(trx);
    counter = await bump(trx, tenantId, code);
    if (!counter) throw new Error(`bill rule ${code} could not be created`);
  }
  if (Number(counter.enabled) === 0) throw appError('CL_ERR_BILL_RULE_DISABLED', { code });
  const period = counter.fmt ? dayjs(at).format(counter.fmt) : '';
  const start = Math.max(0, Number(counter.start ?? 1));
  let sequence = Number(counter.issued);
  if ((counter.period ?? '') !== period || sequence < start) {
    sequence = start;
    await sql`update ${sql.table(BILL_RULE_TABLE)} set this_number = ${sequence}, this_period = ${period} where tenant_id = ${tenantId} and en_code = ${code}`.execute(
      trx,
    );
  }
  return `${counter.prefix ?? ''}${period}${String(sequence).padStart(Number(counter.digit ?? 0), '0')}`;
}
