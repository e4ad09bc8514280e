import { sql, type Kysely } from 'kysely';
import type { Scalar } from '../../runtime/model/types.js';
import { validationError, type FieldError } from '../errors.js';
import type { CompiledField, CompiledModel } from './compileModel.js';
import { fieldMessage, type MessageContext } from './validateRecord.js';

function duplicateError(fields: CompiledField[], ctx: MessageContext) {
  const errors: FieldError[] = fields.map((f) => ({ field: f.name, message: fieldMessage(f, 'unique', ctx) }));
  return validationError(errors, 'CL_ERR_RECORD_DUPLICATE');
}

/**
 * Unique fields are unique within the tenant. Checked before writing so the answer names the
 * field; the unique index still decides when two writes race (mapUniqueViolation).
 */
export async function assertUnique(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a transaction over any model table
  db: Kysely<any>,
  model: CompiledModel,
  values: Record<string, Scalar | null | unknown>,
  tenantId: number,
  exceptId: string | null,
  ctx: MessageContext,
): Promise<void> {
  const clashes: CompiledField[] = [];
  for (const field of model.uniqueFields) {
    const value = values[field.name];
    if (value === undefined || value === null) continue;
    const scope = model.tenant ? sql` and ${model.tenant.ref} = ${tenantId}` : sql``;
    const except = exceptId ? sql` and ${model.id.ref} <> ${exceptId}` : sql``;
    const { rows } = await sql`select 1 as hit from ${model.table} where ${field.ref} = ${value}${scope}${except} limit 1`.execute(db);
    if (rows.length > 0) clashes.push(field);
  }
  if (clashes.length > 0) throw duplicateError(clashes, ctx);
}

/** A unique-index violation from either database, as the same duplicate error; anything else unchanged. */
export function mapUniqueViolation(error: unknown, model: CompiledModel, ctx: MessageContext): unknown {
  const violation = model.adapter.errors.uniqueViolation(error);
  if (!violation) return error;
  // a unique index is (tenant_id, column) or (column): its last column is the field's
  const column = violation.columns.at(-1);
  const field = violation.index !== null ? model.uniqueIndexes.get(violation.index) : [...model.uniqueIndexes.values()].find((f) => f.column === column);
  return field ? duplicateError([field], ctx) : error;
}
