import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { newId } from '../db/ids.js';
import { nowText } from '../db/timestamps.js';
import type { CompiledModel } from './compileModel.js';
import type { WriteScope } from './writeScope.js';
import type { Row } from './toDictText.js';

/** The tables of the engine-owned models system.dataLog and system.recycleBin (schemas/system/models). */
export const DATA_LOG_TABLE = 'sys_data_log';
export const RECYCLE_BIN_TABLE = 'sys_recycle_bin';

export type ChangeAction = 'create' | 'update' | 'delete';

/** One field's change as the data change log keeps it (the diff view shows these). */
export interface FieldChange {
  field: string;
  /** the field's label (zh-CN, as the model file writes it) */
  label: string;
  before: unknown;
  after: unknown;
}

// stamps every write changes; the log's own columns say who and when
const STAMPS = new Set(['id', 'tenantId', 'createBy', 'createTime', 'updateBy', 'updateTime', 'version']);

export const keepsChangeLog = (model: CompiledModel): boolean => model.model.entity.changeLog === true;
export const keepsRecycleBin = (model: CompiledModel): boolean => model.model.entity.recycleBin === true;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The declared, readable fields whose value differs between the two states (secret fields never). */
export function fieldChanges(model: CompiledModel, before: Row | null, after: Row | null): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of model.fields.values()) {
    if (STAMPS.has(field.name) || field.system || !field.readable) continue;
    const was = before ? before[field.name] : null;
    const now = after ? after[field.name] : null;
    if (same(was, now)) continue;
    changes.push({ field: field.name, label: field.def.label, before: was ?? null, after: now ?? null });
  }
  return changes;
}

/** The record as the model reads it (secret fields left out), inside the write's transaction. */
export async function readForHistory(trx: Transaction<Database>, model: CompiledModel, where: RawBuilder<unknown>): Promise<Row[]> {
  const { rows } = await sql<Row>`select ${model.selectList} from ${model.table} where ${where}`.execute(trx.withoutPlugins());
  return rows;
}

/**
 * Writes one entry of the data change log in the write's own transaction, so the log holds exactly the
 * writes that committed. An update that changed no logged field writes nothing.
 */
export async function logChange(write: WriteScope, model: CompiledModel, action: ChangeAction, before: Row | null, after: Row | null): Promise<void> {
  const changes = fieldChanges(model, before, after);
  if (action === 'update' && changes.length === 0) return;
  const record = (after ?? before)!;
  const at = nowText();
  const changesValue = model.adapter.json.toDb(changes);
  await sql`insert into ${sql.table(DATA_LOG_TABLE)} (id, tenant_id, model_id, data_id, data_version, action, changes, create_by, create_time, version)
    values (${newId()}, ${write.context.tenantId}, ${model.model.id}, ${String(record.id)}, ${Number(record.version ?? 0)}, ${action}, ${changesValue},
      ${write.context.auth.username}, ${at}, 1)`.execute(write.trx);
  write.touch(DATA_LOG_TABLE);
}

/** A label people recognise the record by in the recycle bin: its first keyword field, else its id. */
function recordLabel(model: CompiledModel, row: Row): string {
  const field = model.keywordFields.find((f) => typeof row[f.name] === 'string' && row[f.name] !== '');
  return String(field ? row[field.name] : row.id).slice(0, 200);
}

/**
 * A deleted row as the recycle bin keeps it: the readable fields in `data`, which the bin's list and detail
 * show, and the secret ones (a password hash, its salt) apart in `secretData`, which the bin's model marks
 * secret, so no answer carries them; restore puts both back (server/system/recycleBinHooks.ts).
 */
export function splitForRecycleBin(model: CompiledModel, row: Row): { data: Row; secretData: Row | null } {
  const data: Row = {};
  const secretData: Row = {};
  for (const [name, value] of Object.entries(row)) {
    if (model.fields.get(name)?.readable === false) secretData[name] = value;
    else data[name] = value;
  }
  return { data, secretData: Object.keys(secretData).length > 0 ? secretData : null };
}

/**
 * Keeps the rows about to be deleted in the recycle bin, whole (every column, secret ones included, so a
 * restored account signs in with its old password), in the delete's transaction.
 */
export async function keepInRecycleBin(write: WriteScope, model: CompiledModel, where: RawBuilder<unknown>): Promise<void> {
  const every = sql.join([...model.fields.values()].map((f) => f.select));
  const { rows } = await sql<Row>`select ${every} from ${model.table} where ${where}`.execute(write.trx.withoutPlugins());
  const at = nowText();
  const { json } = model.adapter;
  for (const row of rows) {
    const { data, secretData } = splitForRecycleBin(model, row);
    await sql`insert into ${sql.table(RECYCLE_BIN_TABLE)} (id, tenant_id, model_id, record_id, record_label, data, secret_data, create_by, create_time, version)
      values (${newId()}, ${write.context.tenantId}, ${model.model.id}, ${String(row.id)}, ${recordLabel(model, row)}, ${json.toDb(data)},
        ${secretData ? json.toDb(secretData) : null}, ${write.context.auth.username}, ${at}, 1)`.execute(write.trx);
  }
  if (rows.length > 0) write.touch(RECYCLE_BIN_TABLE);
}

/**
 * Moves the secret fields of rows the bin kept whole before they were kept apart (a password hash in `data`,
 * shown by the bin's list and detail) into `secretData`. Run at start after model sync; a row moved once
 * has `secretData` and is not read again.
 */
export async function separateRecycleBinSecrets(db: Kysely<Database>, models: Iterable<CompiledModel>): Promise<void> {
  for (const model of models) {
    if (!keepsRecycleBin(model) || [...model.fields.values()].every((f) => f.readable)) continue;
    const { json } = model.adapter;
    const { rows } = await sql<{ id: string; data: unknown }>`select id, data from ${sql.table(RECYCLE_BIN_TABLE)}
      where model_id = ${model.model.id} and secret_data is null`.execute(db);
    for (const row of rows) {
      const kept = row.data == null ? null : json.fromDb(row.data);
      if (kept === null || typeof kept !== 'object') continue;
      const { data, secretData } = splitForRecycleBin(model, kept as Row);
      if (!secretData) continue;
      await sql`update ${sql.table(RECYCLE_BIN_TABLE)} set data = ${json.toDb(data)}, secret_data = ${json.toDb(secretData)}
        where id = ${row.id} and secret_data is null`.execute(db);
    }
  }
}
