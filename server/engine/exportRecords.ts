import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql, type RawBuilder } from 'kysely';
import type { Lang } from '../../runtime/model/types.js';
import type { CompiledField, CompiledModel } from './compileModel.js';
import type { EngineContext } from './context.js';
import type { EngineEnv } from './engineEnv.js';
import type { ListQuery } from './listQuery.js';
import { afterAnchorCondition } from './pageAnchors.js';
import { presentRows } from './presentRows.js';
import type { Row } from './toDictText.js';
import { orderSql, whereSql } from './whereSql.js';
import { neutraliseCell, sheetName } from './xlsx/cellText.js';
import { paceSheet } from './xlsx/sheetBacklog.js';

// Rows per keyset read, written to the sheet in one go and then paced (paceSheet): about 110 KB of sheet
// XML, so the batch's row objects and the 64 KB blocks ExcelJS writes them into are dropped within a
// young-generation collection or two. Batches of 1,000 kept them alive across collections: promoted to
// the old generation, they stayed until a full collection (60 MB of blocks, 40 MB of old space seen).
// Small enough that other requests get the event loop between batches, large enough that the per-query
// cost stays small.
const BATCH_ROWS = 250;

export interface ExportJob {
  /** the list query (filters, keyword, advanced query, sort); paging is ignored */
  query: ListQuery;
  /** `selections=id1,id2`: only these records (still within the filters, tenant and data scope) */
  selections: string[] | null;
  /** the caller's tenant, data scope and language: the export reads exactly what their list shows */
  context: EngineContext;
}

export interface ExportColumn {
  field: CompiledField;
  header: string;
}

/** The jeecg `field` projection if sent, else the list's columns, else every readable declared field; never id. */
export function exportColumns(env: EngineEnv, model: CompiledModel, query: ListQuery, lang: Lang): ExportColumn[] {
  const titles = new Map<string, string | undefined>();
  for (const column of model.model.list?.columns ?? []) {
    if (typeof column === 'string') titles.set(column, undefined);
    else titles.set(column.field, column.title);
  }
  const fields = query.projection
    ? query.projection
    : titles.size > 0
      ? [...titles.keys()].map((name) => model.fields.get(name)).filter((f): f is CompiledField => f?.readable === true)
      : model.readable.filter((f) => !f.system);
  return fields
    .filter((f) => f !== model.id)
    .map((field) => ({ field, header: env.translate(titles.get(field.name) ?? field.def.label, lang, model.model.id) }));
}

function cellOf(field: CompiledField, row: Row): string | number | null {
  const value = field.def.dict ? row[`${field.name}_dictText`] : row[field.name];
  if (value === null || value === undefined || value === '') return null;
  // json and list fields: their JSON text, which an import reads back
  if (typeof value === 'object') return neutraliseCell(JSON.stringify(value));
  if (field.def.type === 'integer' || field.def.type === 'number') {
    const n = Number(value);
    return Number.isFinite(n) ? n : neutraliseCell(String(value));
  }
  return neutraliseCell(String(value));
}

/**
 * The filtered set in list order, read in keyset batches: each batch seeks past the last row of the
 * one before (afterAnchorCondition), so the table is never held in memory nor walked by OFFSET. Reads go
 * through env.slow (off the event loop where the adapter can), like the list's large reads.
 */
async function* readBatches(env: EngineEnv, model: CompiledModel, job: ExportJob): AsyncGenerator<Row[]> {
  const { query, context } = job;
  const fixed: RawBuilder<unknown>[] = job.selections ? [sql`${model.id.ref} in (${sql.join(job.selections)})`] : [];
  const order = orderSql(query.sort, model);
  let after: RawBuilder<unknown> | null = null;
  for (;;) {
    const where = whereSql(model, query, context, 'index', after ? [...fixed, after] : fixed);
    const batch = sql<Row>`select ${model.selectList} from ${model.table} ${where} ${order} limit ${BATCH_ROWS}`;
    const rows = await env.slow.all<Row>(batch.compile(env.reader));
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    yield await presentRows(env, model, rows, context);
    if (rows.length < BATCH_ROWS) return;
    after = afterAnchorCondition(model, query.sort, { sortValue: last[query.sort.field.name], id: String(last.id) });
  }
}

/**
 * Streams the export as .xlsx into `out` (ExcelJS's streaming writer: inline strings, no styles, each
 * row committed as written). After each batch it waits for the compressor to take the XML and for
 * `out` to drain (paceSheet), so neither a compressor behind the rows nor a slow client lets
 * uncompressed XML or the file pile up in memory: the reads wait instead. Stops when `out` is
 * destroyed (client gone).
 */
export async function writeExport(env: EngineEnv, model: CompiledModel, job: ExportJob, out: Writable): Promise<void> {
  const lang = job.context.lang;
  const hidden = job.context.scope.fields?.hidden;
  // a column the exporter's roles hide is not exported, as it is not listed (fieldAccess.ts)
  const columns = exportColumns(env, model, job.query, lang).filter((c) => !hidden?.has(c.field.name));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(env.translate(model.model.title, lang, model.model.id)));
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.field.name, width: Math.min(40, Math.max(12, c.header.length * 2 + 2)) }));
  for await (const rows of readBatches(env, model, job)) {
    for (const row of rows) sheet.addRow(columns.map((c) => cellOf(c.field, row))).commit();
    await paceSheet(sheet, out);
    if (out.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
}
