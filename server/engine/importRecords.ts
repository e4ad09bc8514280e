import { sql } from 'kysely';
import type { Lang } from '../../runtime/model/types.js';
import { newId } from '../db/ids.js';
import { nowText } from '../db/timestamps.js';
import { AppError, errorText } from '../errors.js';
import { importText } from '../i18n/importTexts.js';
import { breather } from './breather.js';
import type { CompiledModel } from './compileModel.js';
import type { EngineContext } from './context.js';
import type { EngineEnv } from './engineEnv.js';
import { prepareRows, type PreparedRow, type RowError } from './importRows.js';
import type { MessageContext } from './validateRecord.js';
import { scopeConditions } from './whereSql.js';
import { completeCreate } from './completeRecord.js';
import { writableBody } from './fieldAccess.js';
import { inWrite, runBeforeSave, type WriteScope } from './writeRecord.js';
import { refusedRefs } from './refChecks.js';
import { refusedFiles } from './fileReferences.js';
import { createChangesState, mayChangeState } from './stateGuard.js';
import { checkXlsxZip } from './xlsx/checkXlsxZip.js';
import { readSheet } from './xlsx/readSheet.js';
import { translatorFor } from '../i18n/translateText.js';

export const MAX_IMPORT_ROWS = 50_000;
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** @fastify/multipart limits of an import request: one workbook and the few fields jeecg's upload adds */
export const UPLOAD_LIMITS = { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 12, headerPairs: 100 };
// bound parameters per INSERT statement, well under every supported database's limit (32,766 and more)
const MAX_PARAMETERS_PER_INSERT = 10_000;

export type ImportOutcome =
  { ok: true; count: number; message: string } | { ok: false; totalCount: number; errorCount: number; message: string; errors: RowError[] };

/** A beforeWrite hook refused some rows: the transaction rolls back and they join the report. */
class RowsRefused extends Error {
  constructor(readonly errors: RowError[]) {
    super('rows refused');
  }
}

async function insertAll(
  env: EngineEnv,
  write: WriteScope,
  model: CompiledModel,
  rows: PreparedRow[],
  ctx: MessageContext,
  prepared: Record<string, unknown>[] | null,
  breathe: () => Promise<void>,
): Promise<void> {
  const { trx, context } = write;
  const records: Record<string, unknown>[] = [];
  const rowOf = new Map<string, number>();
  const refused: RowError[] = [];
  const createTime = nowText();
  // like a form create, an import does not write the fields the importer's roles restrict
  const bodies = rows.map((row) => writableBody(row.values, context.scope.fields));
  // like a form create, a row setting another state than a new record starts with needs the state permission (stateGuard.ts)
  const stateRows = rows.filter((_, index) => createChangesState(model, bodies[index]!));
  if (stateRows.length > 0 && !(await mayChangeState(trx, model, context))) {
    const state = model.state!.field;
    for (const row of stateRows)
      refused.push({
        row: row.number,
        column: ctx.translate(state.def.label, ctx.lang),
        value: cellText(row.values[state.name]),
        message: errorText('CL_ERR_NO_PERMISSION', ctx.lang),
      });
  }
  // like a form create, a file cell may name only files the importer may read, checked before a hook reads them (fileReferences.ts)
  const writes = bodies.map((values) => ({ values }));
  const files = await refusedFiles(env, trx, model, writes, context, ctx);
  for (const [index, row] of rows.entries()) {
    await breathe();
    if (files[index]!.length > 0) continue;
    const id = newId();
    try {
      const completed = await completeCreate(write, model, bodies[index]!, ctx);
      const final = await runBeforeSave(model, completed, 'create', id, write, prepared?.[index]);
      records.push({ ...final, id, createBy: context.auth.username, createTime, version: 1, ...(model.tenant ? { tenantId: context.tenantId } : {}) });
      rowOf.set(id, row.number);
    } catch (error) {
      if (!(error instanceof AppError) || !error.fieldErrors) throw error;
      for (const e of error.fieldErrors)
        refused.push({ row: row.number, column: ctx.translate(model.fields.get(e.field)?.def.label ?? e.field, ctx.lang), value: '', message: e.message });
    }
  }
  // like a form create, a relation form cell must name a record the importer could pick (refChecks.ts)
  const relations = await refusedRefs(env, trx, model, writes, context, ctx);
  relations.forEach((errors, index) => {
    errors.push(...files[index]!);
    const row = rows[index]!;
    for (const e of errors)
      refused.push({
        row: row.number,
        column: ctx.translate(model.fields.get(e.field)!.def.label, ctx.lang),
        value: cellText(row.values[e.field]),
        message: e.message,
      });
  });
  if (refused.length > 0) throw new RowsRefused(refused.sort((a, b) => a.row - b.row));
  const names = [...new Set(records.flatMap((r) => Object.keys(r)))];
  const columns = sql.join(names.map((name) => model.fields.get(name)!.ref));
  const perInsert = Math.max(1, Math.floor(MAX_PARAMETERS_PER_INSERT / names.length));
  for (let i = 0; i < records.length; i += perInsert) {
    await breathe();
    const tuples = records.slice(i, i + perInsert).map((r) => sql`(${sql.join(names.map((name) => r[name] ?? null))})`);
    await sql`insert into ${model.table} (${columns}) values ${sql.join(tuples)}`.execute(trx);
  }
  await model.tenancy?.adopt?.(write, [...rowOf.keys()]);
  await assertInScope(write, model, [...rowOf.keys()], rowOf, ctx, breathe);
}

/** A refused value as the report shows it (bounded like the other reasons' values). */
const cellText = (value: unknown) => (value === null || value === undefined ? '' : String(value).slice(0, 200));

const IDS_PER_CHECK = 1_000;

/** Like a form create, an import may not add rows outside the importer's data scope (a row for another department). */
async function assertInScope(
  write: WriteScope,
  model: CompiledModel,
  ids: string[],
  rowOf: Map<string, number>,
  ctx: MessageContext,
  breathe: () => Promise<void>,
): Promise<void> {
  if (!write.context.scope.condition && !model.tenancy) return;
  const outside: RowError[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_CHECK) {
    await breathe();
    const chunk = ids.slice(i, i + IDS_PER_CHECK);
    const where = sql.join([sql`${model.id.ref} in (${sql.join(chunk)})`, ...scopeConditions(model, write.context)], sql` and `);
    const { rows } = await sql<{ id: string }>`select ${model.id.ref} as id from ${model.table} where ${where}`.execute(write.trx);
    const inside = new Set(rows.map((r) => r.id));
    for (const id of chunk)
      if (!inside.has(id)) outside.push({ row: rowOf.get(id)!, column: '', value: '', message: errorText('CL_ERR_DATA_SCOPE_OUTSIDE', ctx.lang) });
  }
  if (outside.length > 0) throw new RowsRefused(outside);
}

/**
 * The beforeSave hook's bulk stage (PrepareImport), run before the transaction opens: its per-row results
 * go to the hook as `prepared`, or its per-row errors are the import's report.
 */
async function prepareAll(
  model: CompiledModel,
  rows: PreparedRow[],
  ctx: MessageContext,
  onProgress: ImportOptions['onProgress'],
): Promise<{ prepared: Record<string, unknown>[] } | { errors: RowError[] }> {
  const results = await model.prepareImport!(
    rows.map((r) => r.values),
    { lang: ctx.lang, onProgress: (done, total) => onProgress?.('prepare', done, total) },
  );
  const errors: RowError[] = [];
  const prepared: Record<string, unknown>[] = [];
  for (const [index, result] of results.entries()) {
    if ('errors' in result && Array.isArray(result.errors)) {
      for (const e of result.errors as { field: string; message: string }[])
        errors.push({
          row: rows[index]!.number,
          column: ctx.translate(model.fields.get(e.field)?.def.label ?? e.field, ctx.lang),
          value: '',
          message: e.message,
        });
    } else prepared.push(result as Record<string, unknown>);
  }
  return errors.length > 0 ? { errors } : { prepared };
}

export interface ImportOptions {
  /** how far a long import got: 'prepare' is the hook's bulk stage (hashing passwords, say), row by row */
  onProgress?(stage: 'prepare', done: number, total: number): void;
}

function rejected(totalCount: number, errors: RowError[], lang: Lang): ImportOutcome {
  const errorCount = new Set(errors.map((e) => e.row)).size;
  return { ok: false, totalCount, errorCount, errors, message: importText('rejected', lang, { total: totalCount, rows: errorCount, errors: errors.length }) };
}

/**
 * An uploaded workbook into the model's table, all rows or none (security.md §18): the zip is checked
 * before it is parsed, every row is validated like a form save (dictionary texts become codes, unique
 * fields are checked within the file and against the table), and only a file without a single error
 * is inserted, in one transaction. Otherwise nothing is written and the errors come back, one per
 * row and column, for the report.
 */
export async function importRecords(
  env: EngineEnv,
  model: CompiledModel,
  file: Buffer,
  context: EngineContext,
  options: ImportOptions = {},
): Promise<ImportOutcome> {
  const ctx: MessageContext = { lang: context.lang, translate: translatorFor(env.translate, model.model.id) };
  // every loop below gives way to other requests now and then, the transaction's too (breather.ts)
  const breathe = breather();
  await checkXlsxZip(file);
  const sheet = await readSheet(file, MAX_IMPORT_ROWS, breathe);
  if (sheet.rows.length === 0) throw new AppError('CL_ERR_IMPORT_EMPTY');
  const { rows, errors } = await prepareRows(env, model, sheet, context.tenantId, ctx, breathe);
  if (errors.length > 0) return rejected(sheet.rows.length, errors, context.lang);
  let prepared: Record<string, unknown>[] | null = null;
  if (model.prepareImport) {
    const stage = await prepareAll(model, rows, ctx, options.onProgress);
    if ('errors' in stage) return rejected(sheet.rows.length, stage.errors, context.lang);
    prepared = stage.prepared;
  }
  try {
    await inWrite(env, model, context, (write) => insertAll(env, write, model, rows, ctx, prepared, breathe));
  } catch (error) {
    if (error instanceof RowsRefused) return rejected(sheet.rows.length, error.errors, context.lang);
    throw error;
  }
  return { ok: true, count: rows.length, message: importText('imported', context.lang, { count: rows.length }) };
}
