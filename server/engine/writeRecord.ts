import { sql, type Transaction } from 'kysely';
import type { Scalar } from '../../runtime/model/types.js';
import { newId } from '../db/ids.js';
import type { Database } from '../db/schema.js';
import { nowText } from '../db/timestamps.js';
import { appError, validationError, type FieldError } from '../errors.js';
import type { CompiledModel } from './compileModel.js';
import type { EngineContext } from './context.js';
import type { EngineEnv } from './engineEnv.js';
import { columnTypeOf } from './tableSpec.js';
import { completeCreate, completeUpdate } from './completeRecord.js';
import { presentRows } from './presentRows.js';
import { keepInRecycleBin, keepsChangeLog, keepsRecycleBin, logChange, readForHistory } from './recordHistory.js';
import type { Row } from './toDictText.js';
import { assertUnique, mapUniqueViolation } from './uniqueCheck.js';
import { checkField, fieldMessage, validateRecord, type MessageContext } from './validateRecord.js';
import { scopeConditions } from './whereSql.js';
import { withoutHidden, writableBody } from './fieldAccess.js';
import type { WriteScope } from './writeScope.js';
import { assertRefsVisible, storedRefs } from './refChecks.js';
import { assertFilesReadable, storedFiles } from './fileReferences.js';
import { assertStateChangeAllowed } from './stateGuard.js';
import { assertNoTreeOrphans } from './treeDeletes.js';
import { translatorFor } from '../i18n/translateText.js';

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

export async function runBeforeSave(
  model: CompiledModel,
  values: Record<string, unknown>,
  mode: 'create' | 'update',
  id: string,
  write: WriteScope,
  prepared?: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (!model.beforeSave) return values;
  const ctx = {
    model: model.model,
    values: { ...values },
    mode,
    id,
    auth: write.context.auth,
    context: write.context,
    db: write.trx,
    touch: write.touch,
    ...(prepared ? { prepared } : {}),
  };
  const out = (await model.beforeSave(ctx)) ?? ctx.values;
  for (const name of Object.keys(out)) {
    const field = model.fields.get(name);
    if (!field || field.system) throw new Error(`hook ${model.model.hooks?.beforeSave} set "${name}", which is not a declared field of ${model.model.id}`);
  }
  return out;
}

export type { WriteScope } from './writeScope.js';

/**
 * Runs a write in one transaction; maps a unique-index race to the duplicate error; forgets what was
 * derived from the table and from every table a hook touched (totals, anchors).
 */
export async function inWrite<T>(env: EngineEnv, model: CompiledModel, context: EngineContext, work: (write: WriteScope) => Promise<T>): Promise<T> {
  const touched = new Set([model.tableName]);
  const messages: MessageContext = { lang: context.lang, translate: translatorFor(env.translate, model.model.id) };
  try {
    return await env.db.transaction().execute((trx) => work({ trx, context, touch: (table) => void touched.add(table) }));
  } catch (error) {
    throw mapUniqueViolation(error, model, messages);
  } finally {
    // after commit: a total counted before this point carries the old generation and is discarded
    for (const table of touched) env.generations.bump(table);
  }
}

/**
 * A uuid v7, or for an integer key the next number. Two creates racing for the same number: the
 * loser's insert fails on the primary key and its transaction rolls back (integer keys are for
 * small, rarely written tables such as tenants).
 */
async function nextId(trx: Transaction<Database>, model: CompiledModel): Promise<string | number> {
  if (model.id.def.type !== 'integer') return newId();
  const { rows } = await sql<{ next: number | string }>`select coalesce(max(${model.id.ref}), 0) + 1 as ${sql.id('next')} from ${model.table}`.execute(trx);
  return Number(rows[0]!.next);
}

/** The id, tenant and data-scope conditions of one row: a write reaches only rows the caller may read. */
function rowSql(model: CompiledModel, id: string, context: EngineContext) {
  return sql.join([sql`${model.id.ref} = ${id}`, ...scopeConditions(model, context)], sql` and `);
}

/**
 * A write may not leave a row outside the writer's data scope (a create in another department, an
 * edit that moves a row away): checked inside the transaction, which rolls back on refusal.
 */
async function assertStillInScope(trx: Transaction<Database>, model: CompiledModel, id: string, context: EngineContext): Promise<void> {
  // a shared model's row must also still belong to the tenant (a link may not point into another)
  if (!context.scope.condition && !model.tenancy) return;
  const { rows } = await sql`select 1 as hit from ${model.table} where ${rowSql(model, id, context)}`.execute(trx);
  if (rows.length === 0) throw appError('CL_ERR_DATA_SCOPE_OUTSIDE');
}

export async function createRecord(env: EngineEnv, model: CompiledModel, sent: Record<string, unknown>, context: EngineContext): Promise<Row> {
  const ctx: MessageContext = { lang: context.lang, translate: translatorFor(env.translate, model.model.id) };
  assertBodyFields(model, sent);
  // fields the writer's roles make read-only or hide keep their default (fieldAccess.ts)
  const body = writableBody(sent, context.scope.fields);
  const { values, errors } = validateRecord(model, body, 'create', ctx);
  if (errors.length > 0) throw validationError(errors);
  const row = await inWrite(env, model, context, async (write) => {
    const { trx } = write;
    // setting another state than a new record starts with needs the state permission (stateGuard.ts)
    await assertStateChangeAllowed(trx, model, values, context, null);
    // before any hook reads a file the values name (an ID photo's size would tell of another's file)
    await assertFilesReadable(env, trx, model, { values }, context, ctx);
    const id = await nextId(trx, model);
    const completed = await completeCreate(write, model, values, ctx);
    const final = await runBeforeSave(model, completed, 'create', String(id), write);
    await assertRefsVisible(env, trx, model, values, context, ctx);
    await assertUnique(trx, model, final, context.tenantId, null, ctx);
    const stamps: Record<string, unknown> = { id, createBy: context.auth.username, createTime: nowText(), version: 1 };
    if (model.tenant) stamps.tenantId = context.tenantId;
    const entries = Object.entries({ ...final, ...stamps });
    const columns = sql.join(entries.map(([name]) => model.fields.get(name)!.ref));
    const { rows } =
      await sql<Row>`insert into ${model.table} (${columns}) values (${sql.join(entries.map(([, v]) => v))}) returning ${model.selectList}`.execute(trx);
    await model.tenancy?.adopt?.(write, [String(id)]);
    await assertStillInScope(trx, model, String(id), context);
    if (keepsChangeLog(model)) await logChange(write, model, 'create', null, rows[0]!);
    return rows[0]!;
  });
  return withoutHidden(await presentRows(env, model, [row], context), context.scope.fields)[0]!;
}

/** The version an update must carry: the one the client read (optimistic locking). */
function versionOf(model: CompiledModel, raw: unknown, ctx: MessageContext): number | FieldError {
  const field = model.fields.get('version')!;
  if (raw === undefined || raw === null || raw === '') return { field: 'version', message: fieldMessage(field, 'required', ctx) };
  const checked = checkField(field, raw, ctx);
  return 'message' in checked ? { field: 'version', message: checked.message } : (checked.value as number);
}

/** After a conditional update touched nothing: was the record gone (or out of reach), or was the version stale? */
async function missOrStale(trx: Transaction<Database>, model: CompiledModel, id: string, context: EngineContext): Promise<never> {
  const { rows } = await sql`select 1 as hit from ${model.table} where ${rowSql(model, id, context)}`.execute(trx);
  throw appError(rows.length === 0 ? 'CL_ERR_RECORD_NOT_FOUND' : 'CL_ERR_RECORD_STALE');
}

export async function updateRecord(env: EngineEnv, model: CompiledModel, id: string, body: Record<string, unknown>, context: EngineContext): Promise<Row> {
  const ctx: MessageContext = { lang: context.lang, translate: translatorFor(env.translate, model.model.id) };
  const { version: rawVersion, id: _id, ...sent } = body;
  assertBodyFields(model, sent);
  // an edit form sends read-only fields back unchanged: they are left out, never written (fieldAccess.ts)
  const fields = writableBody(sent, context.scope.fields);
  const { values, errors } = validateRecord(model, fields, 'update', ctx);
  const version = versionOf(model, rawVersion, ctx);
  if (typeof version !== 'number') errors.push(version);
  if (errors.length > 0) throw validationError(errors);
  const row = await inWrite(env, model, context, async (write) => {
    const { trx } = write;
    await model.tenancy?.beforeWrite?.(write, [id], model.permission('edit'));
    // changing the state through the edit form needs the state permission, as the State action does (stateGuard.ts)
    await assertStateChangeAllowed(trx, model, values, context, rowSql(model, id, context));
    const stored = await storedRefs(trx, model, values, rowSql(model, id, context));
    const files = await storedFiles(trx, model, values, rowSql(model, id, context));
    await assertFilesReadable(env, trx, model, { values, ...(files ? { stored: files } : {}) }, context, ctx);
    const completed = await completeUpdate(write, model, id, values, ctx);
    const final = await runBeforeSave(model, completed, 'update', id, write);
    await assertRefsVisible(env, trx, model, values, context, ctx, stored);
    await assertUnique(trx, model, final, context.tenantId, id, ctx);
    const sets = Object.entries({ ...final, updateBy: context.auth.username, updateTime: nowText() }).map(
      ([name, value]) => sql`${model.fields.get(name)!.ref} = ${value}`,
    );
    const versionRef = model.fields.get('version')!.ref;
    const [before] = keepsChangeLog(model) ? await readForHistory(trx, model, rowSql(model, id, context)) : [];
    const { rows } = await sql<Row>`update ${model.table} set ${sql.join(sets)}, ${versionRef} = ${versionRef} + 1
      where ${rowSql(model, id, context)} and ${versionRef} = ${version} returning ${model.selectList}`.execute(trx);
    if (!rows[0]) return missOrStale(trx, model, id, context);
    await assertStillInScope(trx, model, id, context);
    if (before) await logChange(write, model, 'update', before, rows[0]);
    return rows[0];
  });
  return withoutHidden(await presentRows(env, model, [row], context), context.scope.fields)[0]!;
}

/**
 * The state a guarded flip (BeforeSaveOptions.onStateToggle) reads and the one it will write, after the
 * model's beforeSave hook has heard of it as an update of that field alone (and not refused it).
 */
async function guardedFlip(write: WriteScope, model: CompiledModel, id: string): Promise<{ stored: Scalar; next: Scalar }> {
  const state = model.state!;
  const { rows } = await sql<{ state: Scalar }>`select ${state.field.ref} as ${sql.id('state')} from ${model.table}
    where ${rowSql(model, id, write.context)}`.execute(write.trx);
  if (!rows[0]) throw appError('CL_ERR_RECORD_NOT_FOUND');
  const stored = rows[0].state;
  const next = String(stored) === String(state.on) ? state.off : state.on;
  await runBeforeSave(model, { [state.field.name]: next }, 'update', id, write);
  return { stored, next };
}

/** The state operation: flips api.state's field between its on and off values, conditionally in one statement. */
export async function toggleState(env: EngineEnv, model: CompiledModel, id: string, context: EngineContext): Promise<Row> {
  const state = model.state!;
  // a database may not infer the type of CASE branches that are only parameters
  const as = (value: Scalar) => sql`cast(${value} as ${sql.raw(model.adapter.ddl.columnType(columnTypeOf(state.field.def)))})`;
  const ref = state.field.ref;
  const versionRef = model.fields.get('version')!.ref;
  const row = await inWrite(env, model, context, async (write) => {
    const { trx } = write;
    await model.tenancy?.beforeWrite?.(write, [id], model.permission('state'));
    const [before] = keepsChangeLog(model) ? await readForHistory(trx, model, rowSql(model, id, context)) : [];
    // a hook guarding the state hears the value the flip writes, and the flip then writes exactly that value
    // (the row still holding the state read): a toggle between the two is answered as a stale version
    const guarded = model.beforeSave && model.beforeSaveOnStateToggle ? await guardedFlip(write, model, id) : null;
    const next = guarded ? sql`${as(guarded.next)}` : sql`case when ${ref} = ${state.on} then ${as(state.off)} else ${as(state.on)} end`;
    const stillStored = guarded ? sql` and ${ref} = ${guarded.stored}` : sql``;
    const { rows } = await sql<Row>`update ${model.table}
      set ${ref} = ${next},
          ${versionRef} = ${versionRef} + 1, ${model.fields.get('updateBy')!.ref} = ${context.auth.username}, ${model.fields.get('updateTime')!.ref} = ${nowText()}
      where ${rowSql(model, id, context)}${stillStored} returning ${model.selectList}`.execute(trx);
    if (!rows[0]) throw appError(guarded ? 'CL_ERR_RECORD_STALE' : 'CL_ERR_RECORD_NOT_FOUND');
    await assertStillInScope(trx, model, id, context);
    if (before) await logChange(write, model, 'update', before, rows[0]);
    return rows[0];
  });
  return withoutHidden(await presentRows(env, model, [row], context), context.scope.fields)[0]!;
}

export async function deleteRecord(env: EngineEnv, model: CompiledModel, id: string, context: EngineContext): Promise<void> {
  await deleteRecords(env, model, [id], context);
}

/** Every id must be in the caller's tenant and data scope, and no tree node may lose its parent, or nothing is deleted (one transaction). */
export async function deleteRecords(env: EngineEnv, model: CompiledModel, ids: string[], context: EngineContext): Promise<void> {
  const unique = [...new Set(ids)];
  await inWrite(env, model, context, async (write) => {
    const { trx } = write;
    await model.tenancy?.beforeWrite?.(write, unique, model.permission('delete'));
    await model.beforeDelete?.(write, unique);
    await assertNoTreeOrphans(trx, model, unique, context);
    const where = sql.join([sql`${model.id.ref} in (${sql.join(unique)})`, ...scopeConditions(model, context)], sql` and `);
    const before = keepsChangeLog(model) ? await readForHistory(trx, model, where) : [];
    if (keepsRecycleBin(model)) await keepInRecycleBin(write, model, where);
    const result = await sql`delete from ${model.table} where ${where}`.execute(trx);
    if (Number(result.numAffectedRows ?? 0) !== unique.length) throw appError('CL_ERR_RECORD_NOT_FOUND');
    for (const row of before) await logChange(write, model, 'delete', row, null);
  });
}
