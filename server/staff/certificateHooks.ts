import { sql } from 'kysely';
import { errorText, validationError } from '../errors.js';
import type { BeforeSaveContext, HookRegistry } from '../engine/hookRegistry.js';

/** the stored values of a record being updated (nothing on a create) */
async function storedOf(ctx: BeforeSaveContext, columns: Record<string, string>): Promise<Record<string, unknown>> {
  if (ctx.mode !== 'update') return {};
  const selected = sql.join(Object.entries(columns).map(([field, column]) => sql`${sql.ref(column)} as ${sql.id(field)}`));
  const { rows } = await sql<Record<string, unknown>>`select ${selected} from ${sql.table(ctx.model.entity.table)} where id = ${ctx.id}`.execute(ctx.db);
  return rows[0] ?? {};
}

const sent = (ctx: BeforeSaveContext, field: string, stored: Record<string, unknown>) => (Object.hasOwn(ctx.values, field) ? ctx.values[field] : stored[field]);

/** spec 001 §5: the issue date may not be later than the expiry date; an edit sending one is checked against the stored other */
async function checkDates(ctx: BeforeSaveContext): Promise<void> {
  if (!Object.hasOwn(ctx.values, 'issuanceDate') && !Object.hasOwn(ctx.values, 'expirationDate')) return;
  const stored = await storedOf(ctx, { issuanceDate: 'issuance_date', expirationDate: 'expiration_date' });
  const issued = sent(ctx, 'issuanceDate', stored);
  const expires = sent(ctx, 'expirationDate', stored);
  if (issued && expires && String(issued) > String(expires)) {
    throw validationError([{ field: 'issuanceDate', message: errorText('CL_ERR_CERTIFICATE_DATES', ctx.context.lang) }]);
  }
}

/** a testing certificate's professions are professions of its certificate type (the form offers no others) */
async function checkProfessions(ctx: BeforeSaveContext): Promise<void> {
  if (!Object.hasOwn(ctx.values, 'professions') && !Object.hasOwn(ctx.values, 'typeId')) return;
  const stored = await storedOf(ctx, { typeId: 'type_id', professions: 'professions' });
  const typeId = sent(ctx, 'typeId', stored);
  const ids = String(sent(ctx, 'professions', stored) ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (!typeId || ids.length === 0) return;
  const { rows } = await sql<{ id: string }>`select id from sys_profession where type_id = ${String(typeId)} and id in (${sql.join(ids)})`.execute(ctx.db);
  if (rows.length < new Set(ids).size) {
    throw validationError([{ field: 'professions', message: errorText('CL_ERR_PROFESSION_TYPE', ctx.context.lang) }]);
  }
}

/**
 * The certificates' beforeSave hooks: staff.certificateDates (other certificates) checks the dates;
 * staff.abilityCertificate (testing certificates) checks the dates and that every profession belongs to
 * the chosen certificate type.
 */
export function registerCertificateHooks(hooks: HookRegistry): void {
  hooks.register('staff.certificateDates', checkDates);
  hooks.register('staff.abilityCertificate', async (ctx) => {
    await checkDates(ctx);
    await checkProfessions(ctx);
  });
}
