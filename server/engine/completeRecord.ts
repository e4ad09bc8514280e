import { sql } from 'kysely';
import type { Scalar } from '../../runtime/model/types.js';
import { validationError, type FieldError } from '../errors.js';
import type { CompiledModel } from './compileModel.js';
import { fillComputedDefaults } from './computedDefaults.js';
import { recompute, requiredWhenErrors } from './derivedValues.js';
import type { MessageContext } from './validateRecord.js';
import { scopeConditions } from './whereSql.js';
import type { WriteScope } from './writeScope.js';

type Values = Record<string, Scalar | null>;

function refuseOn(errors: FieldError[]): void {
  if (errors.length > 0) throw validationError(errors);
}

/**
 * What the server adds to a validated create, in its transaction and before the beforeSave hook:
 * computed defaults, then `compute` values, then the `requiredWhen` rules over the whole record.
 * Throws CL_ERR_VALIDATION (the transaction rolls back, a bill number drawn included).
 */
export async function completeCreate(write: WriteScope, model: CompiledModel, values: Values, ctx: MessageContext): Promise<Values> {
  const record: Record<string, unknown> = { ...values };
  refuseOn(await fillComputedDefaults(write, model, record, ctx));
  refuseOn([...recompute(model, record, ctx), ...requiredWhenErrors(model, record, ctx)]);
  return record as Values;
}

/**
 * The same for an update, which may send only some fields: `compute` and `requiredWhen` read the stored
 * row (in the writer's scope) with the sent fields over it; the computed fields join the update. A row
 * out of reach is left to the update itself, which reports it.
 */
export async function completeUpdate(write: WriteScope, model: CompiledModel, id: string, values: Values, ctx: MessageContext): Promise<Values> {
  if (model.computes.length === 0 && model.requiredWhens.length === 0) return values;
  const where = sql.join([sql`${model.id.ref} = ${id}`, ...scopeConditions(model, write.context)], sql` and `);
  const { rows } = await sql<Record<string, unknown>>`select ${model.selectList} from ${model.table} where ${where}`.execute(write.trx);
  if (!rows[0]) return values;
  const record: Record<string, unknown> = { ...rows[0], ...values };
  refuseOn([...recompute(model, record, ctx), ...requiredWhenErrors(model, record, ctx)]);
  const out: Values = { ...values };
  for (const { field } of model.computes) out[field.name] = record[field.name] as Scalar | null;
  return out;
}
