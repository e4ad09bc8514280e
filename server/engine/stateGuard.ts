import { sql, type RawBuilder, type Transaction } from 'kysely';
import { resolveOperations } from '../../runtime/model/resolveOperations.js';
import { scalarDefault } from '../../runtime/model/fieldRules.js';
import { holdsPermission } from '../auth/holdsPermission.js';
import type { Database } from '../db/schema.js';
import { appError } from '../errors.js';
import type { CompiledModel } from './compileModel.js';
import type { EngineContext } from './EngineContext.js';

/**
 * The state field (api.state) of a model that serves the state operation, which `<prefix>state` guards;
 * null when the model has no state operation (its edit form is then the only way to set the field).
 */
export function guardedStateField(model: CompiledModel): string | null {
  if (!model.state || resolveOperations(model.model).state === undefined) return null;
  return model.state.field.name;
}

const same = (a: unknown, b: unknown) => ((a ?? null) === null ? (b ?? null) === null : (b ?? null) !== null && String(a) === String(b));

/** The state a new record takes when a create leaves the field out: its default, else the state's "on" value. */
function startState(model: CompiledModel): unknown {
  return scalarDefault(model.state!.field.def) ?? model.state!.on;
}

/** Whether the caller holds the model's state permission (the code its State action needs). */
export function mayChangeState(trx: Transaction<Database>, model: CompiledModel, context: EngineContext): Promise<boolean> {
  return holdsPermission(trx, context.auth, model.permission('state'));
}

/** Whether a create's values set the state to another value than a new record starts with. */
export function createChangesState(model: CompiledModel, values: Record<string, unknown>): boolean {
  const name = guardedStateField(model);
  return name !== null && Object.hasOwn(values, name) && !same(values[name], startState(model));
}

/**
 * The state operation is guarded by `<prefix>state`; its field is also on many edit forms (the users'
 * status: freezing an account). A create or edit that changes the state therefore needs that code too,
 * refused like a missing route permission (CL_ERR_NO_PERMISSION). A form that sends the state back
 * unchanged (or a create with the start state) needs nothing more. `row` selects the edited record in
 * the caller's tenant and scope (null: a create); a record out of reach is left to the write's own answer.
 */
export async function assertStateChangeAllowed(
  trx: Transaction<Database>,
  model: CompiledModel,
  values: Record<string, unknown>,
  context: EngineContext,
  row: RawBuilder<unknown> | null,
): Promise<void> {
  const name = guardedStateField(model);
  if (name === null || !Object.hasOwn(values, name)) return;
  if (row === null) {
    if (!createChangesState(model, values)) return;
  } else {
    const { rows } = await sql<{ state: unknown }>`select ${model.state!.field.ref} as ${sql.id('state')} from ${model.table} where ${row}`.execute(trx);
    if (rows.length === 0 || same(rows[0]!.state, values[name])) return;
  }
  if (!(await mayChangeState(trx, model, context))) throw appError('CL_ERR_NO_PERMISSION');
}
