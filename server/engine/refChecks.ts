import { sql, type Transaction } from 'kysely';
import { formFieldItems } from '../../runtime/model/formFieldItems.js';
import { v2 } from '../../runtime/model/v2Parts.js';
import { holdsPermission } from '../auth/holdsPermission.js';
import type { Database } from '../db/schema.js';
import { validationError, type FieldError } from '../errors.js';
import type { CompiledField, CompiledModel } from './compileModel.js';
import type { EngineContext } from './context.js';
import type { EngineEnv } from './engineEnv.js';
import { IDS_PER_QUERY, idsOf, keyValue } from './refTexts.js';
import type { Row } from './toDictText.js';
import { fieldMessage, type MessageContext } from './validateRecord.js';
import { scopeConditions } from './whereSql.js';

/**
 * Whether the writer may read the target model at all: its list permission, the code its list, get
 * and the relation form's popup require. Without it no id of the target is one they could pick.
 */
async function mayRead(trx: Transaction<Database>, target: CompiledModel, context: EngineContext): Promise<boolean> {
  return holdsPermission(trx, context.auth, target.permission('list'));
}

/**
 * The ids of `wanted` that name a record of `target` the writer can read: they hold its list permission,
 * and the record is in their tenant and inside their data scope on it.
 */
async function visibleIds(env: EngineEnv, trx: Transaction<Database>, target: CompiledModel, wanted: string[], context: EngineContext): Promise<Set<string>> {
  const seen = new Set<string>();
  if (!(await mayRead(trx, target, context))) return seen;
  const scope = await env.scopeOf(context.auth, target);
  const bounds = scopeConditions(target, { tenantId: context.tenantId, scope });
  const keys = wanted.map((id) => keyValue(target, id)).filter((key): key is string | number => key !== null);
  for (let start = 0; start < keys.length; start += IDS_PER_QUERY) {
    const where = sql.join([sql`${target.id.ref} in (${sql.join(keys.slice(start, start + IDS_PER_QUERY))})`, ...bounds], sql` and `);
    const { rows } = await sql<{ id: unknown }>`select ${target.id.ref} as ${sql.id('id')} from ${target.table} where ${where}`.execute(trx);
    for (const row of rows) seen.add(String(row.id));
  }
  return seen;
}

/**
 * Values that name no record: a tree's root value in its parent field ('0' unless the tree names another),
 * and the field's own declared default (a parent field's '0' for "none" in a model that is not a tree).
 */
function isNoRecord(model: CompiledModel, field: CompiledField, id: string): boolean {
  const tree = v2(model.model).tree;
  if (tree?.parentField === field.name && id === String(tree.rootValue ?? '0')) return true;
  const fallback = field.def.default;
  return fallback !== undefined && typeof fallback !== 'object' && id === String(fallback);
}

/** The widget whose choices the server holds to the writer's reach (runtime/fields/RelationForm.tsx). */
const RELATION_WIDGET = 'RelationForm';
const relationFieldsOf = new WeakMap<CompiledModel, Set<string>>();

/**
 * The reference fields a model's form places with the relation form. Only they are checked: other
 * references (link tables, parent keys, ids a hook checks with its own message) keep their own rules.
 */
function relationFields(model: CompiledModel): Set<string> {
  let names = relationFieldsOf.get(model);
  if (!names) {
    const placed = formFieldItems(model.model.form).filter((p) => typeof p.item === 'object' && p.item['x-component'] === RELATION_WIDGET);
    names = new Set(placed.map((p) => p.name).filter((name) => model.fields.get(name)?.def.ref));
    relationFieldsOf.set(model, names);
  }
  return names;
}

/** One write the check looks at: the values it sends and, for an update, the stored row before it. */
export interface RefWrite {
  values: Record<string, unknown>;
  stored?: Row;
}

/** A check of what writes put into a model's records (here, and fileReferences.ts): each write's refused fields, in order. */
export type WriteCheck = (
  env: EngineEnv,
  trx: Transaction<Database>,
  model: CompiledModel,
  writes: readonly RefWrite[],
  context: EngineContext,
  messages: MessageContext,
) => Promise<FieldError[][]>;

/**
 * For each write (same order), the relation form fields (`ref` fields the form places with RelationForm)
 * that name a record the writer could not pick: one of the target model that is missing, outside their
 * tenant or data scope on the target, or of a target whose list they may not read. A missing record and one
 * out of reach get the same message, so a write never tells whether an id exists elsewhere. An update
 * checks only the ids it changes (`stored`: the row before it), so a record whose reference has since moved
 * out of reach can still be edited otherwise. The ids of many writes (an import's rows) are read together.
 */
export const refusedRefs: WriteCheck = async (env, trx, model, writes, context, messages) => {
  const refused = writes.map((): FieldError[] => []);
  const checked = relationFields(model);
  if (checked.size === 0) return refused;
  for (const field of model.writable) {
    if (!field.def.ref || !checked.has(field.name)) continue;
    const target = env.modelOf(field.def.ref);
    if (!target) continue;
    const multiple = field.def.multiple === true;
    const wantedOf = writes.map(({ values, stored }) => {
      if (!Object.hasOwn(values, field.name)) return [];
      const before = new Set(stored ? idsOf(stored[field.name], multiple) : []);
      return [...new Set(idsOf(values[field.name], multiple))].filter((id) => !before.has(id) && !isNoRecord(model, field, id));
    });
    const wanted = [...new Set(wantedOf.flat())];
    if (wanted.length === 0) continue;
    const seen = await visibleIds(env, trx, target, wanted, context);
    wantedOf.forEach((ids, index) => {
      if (ids.some((id) => !seen.has(id))) refused[index]!.push({ field: field.name, message: fieldMessage(field, 'ref', messages) });
    });
  }
  return refused;
};

/**
 * A create or update may put into a relation form field only ids of records the writer could pick
 * (refusedRefs). A model's own hook runs first, so its more precise refusal (a department of another
 * tenant) wins.
 */
export async function assertRefsVisible(
  env: EngineEnv,
  trx: Transaction<Database>,
  model: CompiledModel,
  values: Record<string, unknown>,
  context: EngineContext,
  messages: MessageContext,
  stored?: Row,
): Promise<void> {
  const [errors] = await refusedRefs(env, trx, model, [{ values, ...(stored ? { stored } : {}) }], context, messages);
  if (errors && errors.length > 0) throw validationError(errors);
}

/** The stored values of the reference fields an update sends (undefined when it sends none, or the row is out of reach). */
export async function storedRefs(
  trx: Transaction<Database>,
  model: CompiledModel,
  values: Record<string, unknown>,
  where: ReturnType<typeof sql>,
): Promise<Row | undefined> {
  const checked = relationFields(model);
  const fields = model.writable.filter((field) => checked.has(field.name) && Object.hasOwn(values, field.name));
  if (fields.length === 0) return undefined;
  const { rows } = await sql<Row>`select ${sql.join(fields.map((field) => field.select))} from ${model.table} where ${where}`.execute(trx);
  return rows[0] ?? {};
}
