import { sql, type RawBuilder } from 'kysely';
import type { JsonRole } from '../db/dialects/DbAdapter.js';
import type { AuthContext } from '../plugins/accessPlugin.js';
import type { CompiledModel } from './compileModel.js';
import type { ScopeOf } from './context.js';
import { NOTHING, type DataScope } from './dataScope.js';
import { DATA_LOG_TABLE, keepsChangeLog, keepsRecycleBin, RECYCLE_BIN_TABLE } from './recordHistory.js';
import { columnTypeOf } from './tableSpec.js';
import type { Row } from './toDictText.js';

/** The models the engine serves now. */
export type ServedModelsOf = () => Iterable<CompiledModel>;

/** Which of these permission codes the caller holds (heldPermissions in server/auth). */
export type HeldCodesOf = (auth: AuthContext, codes: string[]) => Promise<ReadonlySet<string>>;

/** One engine-owned model that shows other models' records: which models it keeps, and which of its entries a scope on one of them reaches. */
interface HistoryKind {
  keeps(model: CompiledModel): boolean;
  /** the history fields holding the record's values (its snapshot, its changes) */
  values: string[];
  entries(history: CompiledModel, target: CompiledModel, scope: DataScope): RawBuilder<unknown>;
  /** the history field answering a value of the target record (the bin's label, one of its keyword fields), if any */
  label?: string;
  /** the target record's values an entry keeps, field by field (a snapshot's members, a change's before and after) */
  kept(row: Row, json: JsonRole): { field: string; value: unknown }[];
}

const fieldRef = (model: CompiledModel, name: string) => model.fields.get(name)!.ref;
const ofModel = (history: CompiledModel, target: CompiledModel) => sql`${fieldRef(history, 'modelId')} = ${target.model.id}`;

/**
 * Whether the row a recycle-bin entry keeps lies in `scope` on its model: the row is read from the entry's
 * JSON (`data`, `secretData` for a secret field) as a table named like the model's, one column per field,
 * so the model's scope condition applies to it unchanged. Correlated with the entry's row: a statement that
 * shadows the bin's table by its name (configured SQL, runSafeSelect.ts) is never named inside itself.
 */
function keptRowInScope(
  target: CompiledModel,
  scope: DataScope,
  data: RawBuilder<unknown>,
  secretData: RawBuilder<unknown>,
  json: JsonRole,
): RawBuilder<unknown> {
  const columns = [...target.fields.values()].map(
    (f) => sql`${json.member(f.readable ? data : secretData, f.name, columnTypeOf(f.def))} as ${sql.id(f.column)}`,
  );
  return sql`exists (select 1 from (select ${sql.join(columns)}) as ${sql.id(target.tableName)} where ${scope.condition ?? sql`1 = 1`})`;
}

/**
 * Recycle bin: the scope is evaluated on the kept row, as it would be restored. A restore checks it once
 * more on the row put back (recycleBinHooks.ts).
 */
const RECYCLE_BIN: HistoryKind = {
  keeps: keepsRecycleBin,
  values: ['data', 'recordLabel'],
  label: 'recordLabel',
  kept: (row, json) => Object.entries((json.fromDb(row.data) ?? {}) as Record<string, unknown>).map(([field, value]) => ({ field, value })),
  entries(bin, target, scope) {
    if (!scope.condition) return ofModel(bin, target);
    return sql`(${ofModel(bin, target)} and ${keptRowInScope(target, scope, fieldRef(bin, 'data'), fieldRef(bin, 'secretData'), bin.adapter.json)})`;
  },
};

const KEPT = 'kept';

/**
 * Change log: an entry holds changed fields, not the row, so the scope is evaluated on the record as it
 * is now, or, deleted, as the recycle bin keeps it (for a model that keeps one). The entries of a record
 * that is gone for good, or has left the caller's scope, are shown only to callers whose scope on the
 * model is unrestricted (fail closed).
 */
const CHANGE_LOG: HistoryKind = {
  keeps: keepsChangeLog,
  values: ['changes'],
  kept: (row, json) => {
    const changes = json.fromDb(row.changes);
    if (!Array.isArray(changes)) return [];
    return (changes as { field?: unknown; before?: unknown; after?: unknown }[]).flatMap((c) => [
      { field: String(c?.field), value: c?.before },
      { field: String(c?.field), value: c?.after },
    ]);
  },
  entries(log, target, scope) {
    if (!scope.condition) return ofModel(log, target);
    const dataId = fieldRef(log, 'dataId');
    const id = target.id.def.type === 'string' ? target.id.ref : sql`cast(${target.id.ref} as varchar(64))`;
    const live = sql`${dataId} in (select ${id} from ${target.table} where ${scope.condition})`;
    if (!keepsRecycleBin(target)) return sql`(${ofModel(log, target)} and ${live})`;
    const column = (name: string) => sql.ref(`${KEPT}.${name}`);
    const kept = sql`${dataId} in (select ${column('record_id')} from ${sql.table(RECYCLE_BIN_TABLE)} as ${sql.id(KEPT)}
      where ${column('model_id')} = ${target.model.id} and ${keptRowInScope(target, scope, column('data'), column('secret_data'), log.adapter.json)})`;
    return sql`(${ofModel(log, target)} and (${live} or ${kept}))`;
  },
};

/** The keyword fields a kept record's label may come from: up to the first one the record must hold (recordLabel in recordHistory.ts). */
function labelSources(target: CompiledModel): CompiledModel['keywordFields'] {
  const required = target.keywordFields.findIndex((f) => f.def.required === true);
  return required < 0 ? target.keywordFields : target.keywordFields.slice(0, required + 1);
}

const KINDS = new Map<string, HistoryKind>([
  [RECYCLE_BIN_TABLE, RECYCLE_BIN],
  [DATA_LOG_TABLE, CHANGE_LOG],
]);

const MEMO_LIMIT = 500;

/**
 * The recycle bin and the change log show other models' records, so an entry follows its model's rules
 * (security.md §8): the caller reaches it only when they hold that model's list permission and the
 * record lies in their data scope on it; and the fields their roles hide there are left out of its
 * snapshot and changes (redactHistory). The scope of the bin and the log is their own AND "one of the
 * reachable models' entries, in that model's scope", so every read, export and operation that applies
 * a scope applies it, and an entry out of reach answers exactly like an unknown id. The tenant is the
 * entry's own: the engine keeps it in the tenant the write acted in, where the record had to lie.
 */
export function withHistoryTargets(scopeOf: ScopeOf, served: ServedModelsOf, heldCodesOf: HeldCodesOf): ScopeOf {
  // one combined scope object per history model and key: callers key statements and totals by it
  const memos = new WeakMap<CompiledModel, Map<string, { targets: CompiledModel[]; scope: DataScope }>>();

  return async (auth, model) => {
    const own = await scopeOf(auth, model);
    const kind = KINDS.get(model.tableName);
    if (!kind) return own;
    const kept = [...served()].filter((m) => kind.keeps(m)).sort((a, b) => (a.model.id < b.model.id ? -1 : 1));
    const held = await heldCodesOf(
      auth,
      kept.map((m) => m.permission('list')),
    );
    const targets = kept.filter((m) => held.has(m.permission('list')));
    const scopes = await Promise.all(targets.map((target) => scopeOf(auth, target)));
    const hidden = scopes.map((scope) => [...(scope.fields?.hidden ?? [])].sort());
    const key = `${own.key} | history ${JSON.stringify(targets.map((target, i) => [target.model.id, scopes[i]!.key, hidden[i]]))}`;

    let memo = memos.get(model);
    if (!memo) memos.set(model, (memo = new Map()));
    const known = memo.get(key);
    if (known && known.targets.length === targets.length && known.targets.every((m, i) => m === targets[i])) return known.scope;

    const reach =
      targets.length === 0
        ? NOTHING.condition!
        : sql`(${sql.join(
            targets.map((target, i) => kind.entries(model, target, scopes[i]!)),
            sql` or `,
          )})`;
    // the bin's label is a value of the record (recordHistory.ts: its first keyword field holding text): left out, and not
    // searched, where the caller's roles hide a keyword field it may come from
    const labelHidden = kind.label !== undefined && targets.some((target, i) => labelSources(target).some((f) => hidden[i]!.includes(f.name)));
    const fields = labelHidden
      ? { hidden: new Set([...(own.fields?.hidden ?? []), kind.label!]), readOnly: own.fields?.readOnly ?? new Set<string>() }
      : own.fields;
    const scope: DataScope = {
      condition: own.condition ? sql`(${own.condition} and ${reach})` : reach,
      key,
      ...(fields ? { fields } : {}),
      history: new Map(targets.map((target, i) => [target.model.id, new Set(hidden[i])])),
    };
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(key, { targets, scope });
    return scope;
  };
}

/**
 * The entries of the recycle bin or the change log as the caller may see them, in place: a snapshot
 * (`data`) without the fields the caller's roles hide on its model, the changes without theirs. An
 * entry of a model the scope does not name (read without one) shows neither.
 */
export function redactHistory<T extends Row>(model: CompiledModel, rows: T[], history: ReadonlyMap<string, ReadonlySet<string>> | undefined): T[] {
  if (!KINDS.has(model.tableName)) return rows;
  for (const row of rows as Row[]) {
    const hidden = history?.get(String(row.modelId));
    if ('data' in row) {
      const data = row.data;
      row.data =
        hidden && data !== null && typeof data === 'object'
          ? Object.fromEntries(Object.entries(data).filter(([name]) => !hidden.has(name)))
          : hidden
            ? data
            : {};
    }
    if ('changes' in row) {
      const changes = row.changes;
      row.changes =
        hidden && Array.isArray(changes)
          ? changes.filter((c: unknown) => !hidden.has(String((c as { field?: unknown } | null)?.field)))
          : hidden
            ? changes
            : [];
    }
  }
  return rows;
}

/**
 * The target record's values a recycle-bin or change-log entry keeps, as the caller may see them (the fields
 * their roles hide on its model left out, as redactHistory does), with the model each belongs to; null for
 * a row of any other model. `row` holds the entry's modelId and its values field (data, changes).
 */
export function keptValues(
  model: CompiledModel,
  row: Row,
  history: ReadonlyMap<string, ReadonlySet<string>> | undefined,
): { modelId: string; field: string; value: unknown }[] | null {
  const kind = KINDS.get(model.tableName);
  if (!kind) return null;
  const modelId = String(row.modelId);
  const hidden = history?.get(modelId);
  // an entry of a model the scope does not name shows nothing (redactHistory)
  if (!hidden) return [];
  return kind
    .kept(row, model.adapter.json)
    .filter(({ field }) => !hidden.has(field))
    .map(({ field, value }) => ({ modelId, field, value }));
}

/**
 * The fields of a recycle-bin or change-log entry that configured SQL must read as null for this caller:
 * it reads the snapshot and changes whole and cannot leave one field of them out, so they are nothing to
 * a caller whose roles hide any field of a model they reach there (runSafeSelect.ts).
 */
export function historyValuesHidden(model: CompiledModel, scope: Pick<DataScope, 'history'>): string[] {
  const kind = KINDS.get(model.tableName);
  if (!kind) return [];
  const hides = !scope.history || [...scope.history.values()].some((hidden) => hidden.size > 0);
  return hides ? kind.values : [];
}
