import { sql, type Transaction } from 'kysely';
import type { Lang, Scalar } from '../../runtime/model/types.js';
import { newId } from '../db/ids.js';
import type { Database } from '../db/schema.js';
import { nowText } from '../db/timestamps.js';
import { appError, validationError, type FieldError } from '../errors.js';
import type { AuthContext } from '../plugins/accessPlugin.js';
import type { CompiledModel } from './compileModel.js';
import type { EngineEnv } from './engineEnv.js';
import { columnTypeOf } from './tableSpec.js';
import type { Row } from './toDictText.js';
import { assertUnique, mapUniqueViolation } from './uniqueCheck.js';
import { checkField, fieldMessage, validateRecord, type MessageContext } from './validateRecord.js';

/**
 * No mass assignment: a body may carry the model's writable fields and, where the operation needs
 * them, id/version. A system field, tenantId, a secret or read-only field, or an unknown name is
 * refused by name (security.md §9).
 */
export function assertBodyFields(model: CompiledModel, body: Record<string, unknown>, extra: readonly string[] = []): void {
  for (const name of Object.keys(body)) {
    if (extra.includes(name)) continue;
    const field = model.fields.get(name);
    if (!field) throw appError('CL_ERR_FIELD_UNKNOWN', { field: name.slice(0, 60) });
    if (!field.writable) throw appError('CL_ERR_FIELD_READONLY', { field: name });
  }
}

async function runBeforeWrite(
  model: CompiledModel,
  values: Record<string, unknown>,
  mode: 'create' | 'update',
  id: string,
  auth: AuthContext,
  trx: Transaction<Database>,
): Promise<Record<string, unknown>> {
  if (!model.beforeWrite) return values;
  const ctx = { model: model.model, values: { ...values }, mode, id, auth, db: trx };
  const out = (await model.beforeWrite(ctx)) ?? ctx.values;
  for (const name of Object.keys(out)) {
    const field = model.fields.get(name);
    if (!field || field.system) throw new Error(`hook ${model.model.hooks?.beforeWrite} set "${name}", which is not a declared field of ${model.model.id}`);
  }
  return out;
}

/** Runs a write in one transaction; maps a unique-index race to the duplicate error; forgets what was derived from the table (totals, anchors). */
async function inWrite<T>(env: EngineEnv, model: CompiledModel, ctx: MessageContext, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  try {
    return await env.db.transaction().execute(work);
  } catch (error) {
    throw mapUniqueViolation(error, model, ctx);
  } finally {
    // after commit: a total counted before this point carries the old generation and is discarded
    env.generations.bump(model.tableName);
  }
}

export interface WriteInput {
  auth: AuthContext;
  lang: Lang;
}

export async function createRecord(env: EngineEnv, model: CompiledModel, body: Record<string, unknown>, input: WriteInput): Promise<Row> {
  const ctx: MessageContext = { lang: input.lang, translate: env.translate };
  assertBodyFields(model, body);
  const { values, errors } = validateRecord(model, body, 'create', ctx);
  if (errors.length > 0) throw validationError(errors);
  const id = newId();
  const row = await inWrite(env, model, ctx, async (trx) => {
    const final = await runBeforeWrite(model, values, 'create', id, input.auth, trx);
    await assertUnique(trx, model, final, input.auth.tenantId, null, ctx);
    const stamps: Record<string, unknown> = { id, createBy: input.auth.username, createTime: nowText(), version: 1 };
    if (model.tenant) stamps.tenantId = input.auth.tenantId;
    const entries = Object.entries({ ...final, ...stamps });
    const columns = sql.join(entries.map(([name]) => model.fields.get(name)!.ref));
    const { rows } = await sql<Row>`insert into ${model.table} (${columns}) values (${sql.join(entries.map(([, v]) => v))}) returning ${model.selectList}`.execute(trx);
    return rows[0]!;
  });
  return (await env.toDictText([row], model.dictFields, input.lang))[0]!;
}

/** The version an update must carry: the one the client read (optimistic locking). */
function versionOf(model: CompiledModel, raw: unknown, ctx: MessageContext): number | FieldError {
  const field = model.fields.get('version')!;
  if (raw === undefined || raw === null || raw === '') return { field: 'version', message: fieldMessage(field, 'required', ctx) };
  const checked = checkField(field, raw, ctx);
  return 'message' in checked ? { field: 'version', message: checked.message } : (checked.value as number);
}

function scopeSql(model: CompiledModel, tenantId: number) {
  return model.tenant ? sql` and ${model.tenant.ref} = ${tenantId}` : sql``;
}

/** After a conditional update touched nothing: was the record gone, or was the version stale? */
async function missOrStale(trx: Transaction<Database>, model: CompiledModel, id: string, tenantId: number): Promise<never> {
  const { rows } = await sql`select 1 as hit from ${model.table} where ${model.id.ref} = ${id}${scopeSql(model, tenantId)}`.execute(trx);
  throw appError(rows.length === 0 ? 'CL_ERR_RECORD_NOT_FOUND' : 'CL_ERR_RECORD_STALE');
}

export async function updateRecord(env: EngineEnv, model: CompiledModel, id: string, body: Record<string, unknown>, input: WriteInput): Promise<Row> {
  const ctx: MessageContext = { lang: input.lang, translate: env.translate };
  const { version: rawVersion, id: _id, ...fields } = body;
  assertBodyFields(model, fields);
  const { values, errors } = validateRecord(model, fields, 'update', ctx);
  const version = versionOf(model, rawVersion, ctx);
  if (typeof version !== 'number') errors.push(version);
  if (errors.length > 0) throw validationError(errors);
  const tenantId = input.auth.tenantId;
  const row = await inWrite(env, model, ctx, async (trx) => {
    const final = await runBeforeWrite(model, values, 'update', id, input.auth, trx);
    await assertUnique(trx, model, final, tenantId, id, ctx);
    const sets = Object.entries({ ...final, updateBy: input.auth.username, updateTime: nowText() }).map(
      ([name, value]) => sql`${model.fields.get(name)!.ref} = ${value}`,
    );
    const versionRef = model.fields.get('version')!.ref;
    const { rows } = await sql<Row>`update ${model.table} set ${sql.join(sets)}, ${versionRef} = ${versionRef} + 1
      where ${model.id.ref} = ${id}${scopeSql(model, tenantId)} and ${versionRef} = ${version} returning ${model.selectList}`.execute(trx);
    return rows[0] ?? missOrStale(trx, model, id, tenantId);
  });
  return (await env.toDictText([row], model.dictFields, input.lang))[0]!;
}

/** The state operation: flips api.state's field between its on and off values, conditionally in one statement. */
export async function toggleState(env: EngineEnv, model: CompiledModel, id: string, input: WriteInput): Promise<Row> {
  const state = model.state!;
  const ctx: MessageContext = { lang: input.lang, translate: env.translate };
  // PostgreSQL cannot infer the type of CASE branches that are only parameters
  const as = (value: Scalar) => sql`cast(${value} as ${sql.raw(columnTypeOf(state.field.def))})`;
  const ref = state.field.ref;
  const versionRef = model.fields.get('version')!.ref;
  const row = await inWrite(env, model, ctx, async (trx) => {
    const { rows } = await sql<Row>`update ${model.table}
      set ${ref} = case when ${ref} = ${state.on} then ${as(state.off)} else ${as(state.on)} end,
          ${versionRef} = ${versionRef} + 1, ${model.fields.get('updateBy')!.ref} = ${input.auth.username}, ${model.fields.get('updateTime')!.ref} = ${nowText()}
      where ${model.id.ref} = ${id}${scopeSql(model, input.auth.tenantId)} returning ${model.selectList}`.execute(trx);
    if (!rows[0]) throw appError('CL_ERR_RECORD_NOT_FOUND');
    return rows[0];
  });
  return (await env.toDictText([row], model.dictFields, input.lang))[0]!;
}

export async function deleteRecord(env: EngineEnv, model: CompiledModel, id: string, input: WriteInput): Promise<void> {
  await deleteRecords(env, model, [id], input);
}

/** Every id must be the caller's tenant's, or nothing is deleted (one transaction). */
export async function deleteRecords(env: EngineEnv, model: CompiledModel, ids: string[], input: WriteInput): Promise<void> {
  const unique = [...new Set(ids)];
  const ctx: MessageContext = { lang: input.lang, translate: env.translate };
  await inWrite(env, model, ctx, async (trx) => {
    const result = await sql`delete from ${model.table} where ${model.id.ref} in (${sql.join(unique)})${scopeSql(model, input.auth.tenantId)}`.execute(trx);
    if (Number(result.numAffectedRows ?? 0) !== unique.length) throw appError('CL_ERR_RECORD_NOT_FOUND');
  });
}
