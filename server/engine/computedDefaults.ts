import dayjs from 'dayjs';
import type { Transaction } from 'kysely';
import { isEmptyValue } from '../../runtime/model/fieldRules.js';
import type { ComputedDefault } from '../../runtime/model/types.js';
import type { Database } from '../db/schema.js';
import { DATE_FORMAT, nowText } from '../db/timestamps.js';
import type { FieldError } from '../errors.js';
import type { AuthContext } from '../plugins/accessPlugin.js';
import { BILL_RULE_TABLE, nextBillNumber } from './billNumbers.js';
import type { CompiledModel } from './compileModel.js';
import { checkField, fieldMessage, type MessageContext } from './validateRecord.js';
import type { WriteScope } from './writeScope.js';

/**
 * The user's current department: the one of their departments whose orgCode their session carries
 * (chosen at sign-in or with /sys/selectDepart), else null. A department they left no longer counts.
 */
async function currentDepartId(trx: Transaction<Database>, auth: AuthContext): Promise<string | null> {
  if (!auth.orgCode) return null;
  const row = await trx
    .selectFrom('sysUserDepart as ud')
    .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
    .select('d.id')
    .where('ud.userId', '=', auth.userId)
    .where('d.orgCode', '=', auth.orgCode)
    // a record of this tenant is never filed under a department of another tenant of the account
    .where('d.tenantId', '=', auth.tenantId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** One computed default's value for the writer, or null when there is none (no current department). */
async function computedValue(write: WriteScope, model: CompiledModel, def: ComputedDefault, at: number): Promise<unknown> {
  const { auth, tenantId } = write.context;
  switch (def.computed) {
    case 'today':
      return dayjs(at).format(DATE_FORMAT);
    case 'now':
      return nowText(at);
    case 'currentUser':
      return auth.username;
    case 'currentUserName':
      return auth.realname;
    case 'currentDepart':
      return currentDepartId(write.trx, auth);
    case 'currentTenant':
      return tenantId;
    case 'billNumber': {
      // check:schemas requires the rule; a released model is checked by the same rules
      if (!def.rule) throw new Error(`model ${model.model.id}: a billNumber default names no rule`);
      write.touch(BILL_RULE_TABLE);
      return nextBillNumber(write.trx, model.adapter, tenantId, def.rule, at);
    }
  }
}

/**
 * Fills, in the create's transaction, every field with a computed default that the record leaves
 * empty (a value the client sent wins; read-only fields such as a bill number are always filled).
 * Each value goes through the field's rules like a sent one; a required field that stays empty (a
 * user without a current department) is the `required` error. Bill numbers are drawn only here, so a
 * create refused afterwards rolls its number back with it.
 */
export async function fillComputedDefaults(
  write: WriteScope,
  model: CompiledModel,
  record: Record<string, unknown>,
  ctx: MessageContext,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const at = Date.now();
  for (const { field, def } of model.computedDefaults) {
    if (!isEmptyValue(record[field.name])) continue;
    const raw = await computedValue(write, model, def, at);
    if (isEmptyValue(raw)) {
      if (field.def.required) errors.push({ field: field.name, message: fieldMessage(field, 'required', ctx) });
      continue;
    }
    const checked = checkField(field, raw, ctx);
    if ('message' in checked) errors.push({ field: field.name, message: checked.message });
    else record[field.name] = checked.value;
  }
  return errors;
}
