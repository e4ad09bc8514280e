import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { heldPermissions } from '../auth/holdsPermission.js';
import type { Database } from '../db/schema.js';
import { errorText, validationError, type FieldError } from '../errors.js';
import type { AuthContext } from '../plugins/accessPlugin.js';
import type { CompiledField, CompiledModel } from './compileModel.js';
import type { EngineContext } from './EngineContext.js';
import type { EngineEnv } from './engineEnv.js';
import { keptValues } from './historyScope.js';
import type { Row } from './toDictText.js';
import type { RefWrite, WriteCheck } from './refChecks.js';
import type { MessageContext } from './validateRecord.js';
import { FILE_KINDS } from './tableSpec.js';
import { whereSql, type ReadScope, type WhereParts } from './whereSql.js';

/** A generated stored name (fileStore.ts: `<uuid>.<ext>`) wherever it appears in a value: a path, a URL, an img src. */
const STORED_NAME = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,8}(?![a-z0-9])/g;

/** The stored file names a field value names (a JSON value is read as its text). */
export function fileNamesIn(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return [...new Set(text.match(STORED_NAME) ?? [])];
}

const fileFieldsOf = new WeakMap<CompiledModel, CompiledField[]>();

/** The declared fields of a model that may name stored files (FILE_KINDS), readable ones only. */
export function fileFields(model: CompiledModel): CompiledField[] {
  let found = fileFieldsOf.get(model);
  if (!found) fileFieldsOf.set(model, (found = model.readable.filter((f) => !f.system && FILE_KINDS.has(f.def.type))));
  return found;
}

const NO_FILTER: WhereParts = { filters: [], keyword: null, superQuery: [], matchType: 'and' };

// candidate rows read per model and path: a LIKE hit is checked once more field by field (a kept snapshot's
// other fields do not count), and a file is named by a handful of records
const CANDIDATES = 20;

/** The values of a fetched row that count as naming files for this caller: its own file fields, or a history entry's kept ones. */
function countedValues(env: EngineEnv, model: CompiledModel, row: Row, fields: CompiledField[], history: ReadonlyMap<string, ReadonlySet<string>> | undefined) {
  const kept = keptValues(model, row, history);
  if (!kept) return fields.map((f) => row[f.name]);
  return kept.flatMap(({ modelId, field, value }) => {
    const target = env.modelOf(modelId);
    return target && fileFields(target).some((f) => f.name === field) ? [value] : [];
  });
}

async function named(
  env: EngineEnv,
  db: Kysely<Database>,
  model: CompiledModel,
  name: string,
  fields: CompiledField[],
  ctx: ReadScope,
  extra: RawBuilder<unknown>[] = [],
): Promise<boolean> {
  // the file index lists the rows whose file columns hold the name (any of them: the visible ones are checked
  // below); the 'scan' plan keeps the tenant's index from driving the read, so the index's few matches do
  const mention = model.adapter.textSearch.fileCondition(model.fileSearch, name);
  const history = ctx.scope.history;
  const modelId = model.fields.get('modelId');
  const columns = [...fields, ...(history && modelId ? [modelId] : [])].map((f) => f.select);
  const where = whereSql(model, NO_FILTER, ctx, 'scan', [mention, ...extra]);
  const { rows } = await sql<Row>`select ${sql.join(columns)} from ${model.table} ${where} limit ${CANDIDATES}`.execute(db.withoutPlugins());
  return rows.some((row) => countedValues(env, model, row, fields, history).some((value) => fileNamesIn(value).includes(name)));
}

/**
 * Whether the caller may read a record naming the stored file `name` (docs/api.md "Files"): a record of a model
 * whose list permission they hold, in their tenant and data scope, in one of its file-kind fields (FILE_KINDS)
 * their roles do not hide; a recycle-bin or change-log entry they may read (the same rules, on the entry's
 * model) keeping the file in such a field of the record; or their own record of a model with personal
 * information (api.self) and the rows of its sub-record tabs on their account. Bound values only; the models
 * whose list the caller does not hold and that keep no record of theirs are not searched.
 */
export async function referencedInReach(env: EngineEnv, db: Kysely<Database>, auth: AuthContext, name: string): Promise<boolean> {
  const models = [...env.servedModels()].filter((m) => fileFields(m).length > 0);
  // the tabs of personal information: their rows on the caller's account are the caller's to read
  const ownerKeys = new Map<string, string>();
  for (const { model } of env.servedModels()) if (model.api.self) for (const tab of model.tabs ?? []) ownerKeys.set(tab.model, tab.foreignKey);
  const held = await heldPermissions(
    db,
    auth,
    models.map((m) => m.permission('list')),
  );
  for (const model of models) {
    const ownerKey = model.model.api.self ? 'id' : ownerKeys.get(model.model.id);
    const owner = ownerKey ? model.fields.get(ownerKey) : undefined;
    const lists = held.has(model.permission('list'));
    if (!lists && !owner) continue;
    const scope = await env.scopeOf(auth, model);
    const visible = fileFields(model).filter((f) => !scope.fields?.hidden?.has(f.name));
    if (visible.length === 0) continue;
    if (lists && (await named(env, db, model, name, visible, { tenantId: auth.tenantId, scope }))) return true;
    const own = { tenantId: auth.tenantId, scope: { ...scope, condition: null } };
    if (owner && (await named(env, db, model, name, visible, own, [sql`${owner.ref} = ${auth.userId}`]))) return true;
  }
  return false;
}

/**
 * For each write (same order; `stored`: for an update, the record's file-kind fields before it), the file-kind fields (FILE_KINDS) that name a stored file the writer may not
 * read (env.fileReadable: their upload, a file a record they may read names, or one an announcement they see
 * shows). A file the record already names (`stored`, in any of its file-kind fields) is kept as it is. Without
 * this, a user who learned another's file path pasted it into a record they may write and read the file
 * through it. A missing file and one out of reach get the same message: a write never tells whether a path
 * exists. `db` is the write's transaction: reads outside it would wait for it on a single connection.
 */
export const refusedFiles: WriteCheck = async (env, db, model, writes, context, messages) => {
  const refused = writes.map((): FieldError[] => []);
  const fields = model.writable.filter((f) => !f.system && FILE_KINDS.has(f.def.type));
  if (fields.length === 0) return refused;
  const readable = new Map<string, Promise<boolean>>();
  const mayRead = (name: string) => {
    let answer = readable.get(name);
    if (!answer) readable.set(name, (answer = env.fileReadable(context.auth, name, db)));
    return answer;
  };
  for (const [index, { values, stored }] of writes.entries()) {
    const kept = new Set(stored ? Object.values(stored).flatMap(fileNamesIn) : []);
    for (const field of fields) {
      if (!Object.hasOwn(values, field.name)) continue;
      const added = fileNamesIn(values[field.name]).filter((name) => !kept.has(name));
      let ok = true;
      for (const name of added) if (!(await mayRead(name))) ok = false;
      if (!ok) refused[index]!.push({ field: field.name, message: fileMessage(field, messages) });
    }
  }
  return refused;
};

/** The refusal of a file the writer may not use, naming the field in the request's language. */
function fileMessage(field: CompiledField, messages: MessageContext): string {
  return errorText('CL_ERR_FILE_UNAVAILABLE', messages.lang, { label: messages.translate(field.def.label, messages.lang) });
}

/** A create or update may put into a file-kind field only files the writer may read (refusedFiles). */
export async function assertFilesReadable(
  env: EngineEnv,
  trx: Transaction<Database>,
  model: CompiledModel,
  write: RefWrite,
  context: EngineContext,
  messages: MessageContext,
): Promise<void> {
  const [errors] = await refusedFiles(env, trx, model, [write], context, messages);
  if (errors && errors.length > 0) throw validationError(errors);
}

/** An update's record as it is, its file-kind fields only (undefined when the update sends none of them). */
export async function storedFiles(
  trx: Transaction<Database>,
  model: CompiledModel,
  values: Record<string, unknown>,
  where: RawBuilder<unknown>,
): Promise<Row | undefined> {
  const fields = model.fields.values();
  const files = [...fields].filter((f) => !f.system && FILE_KINDS.has(f.def.type));
  if (!files.some((f) => Object.hasOwn(values, f.name))) return undefined;
  const { rows } = await sql<Row>`select ${sql.join(files.map((f) => f.select))} from ${model.table} where ${where}`.execute(trx.withoutPlugins());
  return rows[0] ?? {};
}
