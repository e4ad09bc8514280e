import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { holdsPermission } from '../auth/holdsPermission.js';
import type { DbHandle } from '../db/createDb.js';
import type { CompiledField, CompiledModel } from '../engine/compileModel.js';
import { MAX_PAGE_SIZE } from '../engine/listQuery.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { neutraliseCell, sheetName } from '../engine/xlsx/cellText.js';
import { successMessage } from '../i18n/messages.js';
import { authOf } from '../plugins/accessPlugin.js';
import type { ModelReads } from '../system/modelReads.js';

type Row = Record<string, unknown>;

export const STAFF_MODEL = 'staff.member';

/** what a sheet shows of a model: its readable, declared fields minus pictures and uploads, and those the caller's roles hide */
function sheetColumns(model: CompiledModel, hidden: ReadonlySet<string> | undefined, skip: string | null): CompiledField[] {
  return model.readable.filter(
    (f) => !f.system && f !== model.id && f.name !== skip && f.def.type !== 'image' && f.def.type !== 'file' && !hidden?.has(f.name),
  );
}

/** a cell: the label of a dictionary value or reference, else the value (formula-like text neutralised) */
function cellOf(field: CompiledField, row: Row): string | number | null {
  const text = row[`${field.name}_dictText`];
  const value = text !== undefined && text !== null && text !== '' ? text : row[field.name];
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'object') return neutraliseCell(JSON.stringify(value));
  if ((field.def.type === 'integer' || field.def.type === 'number') && !field.def.dict) {
    const n = Number(value);
    if (Number.isFinite(n)) return n;
  }
  return neutraliseCell(String(value));
}

/** every row of a model's list the caller may read, page by page (the engine's list: tenant, data scope, field rules) */
async function* pagesOf(reads: ModelReads, request: FastifyRequest, modelId: string): AsyncGenerator<Row[]> {
  for (let page = 1; ; page++) {
    const { rows } = await reads.list(request, modelId, { pageNo: String(page), pageSize: String(MAX_PAGE_SIZE) });
    if (rows.length > 0) yield rows;
    if (rows.length < MAX_PAGE_SIZE) return;
  }
}

/**
 * The assessor's export of all staff records (issue 11, ISO/IEC 17025 §6.2): one workbook, a sheet of the
 * staff records the caller's list shows and a sheet per sub-record tab (education, résumé, titles, training,
 * papers, patents, certificates) with each row's staff member named first. Every read is the engine's list
 * as the caller: tenant, data scope and hidden fields apply; a tab whose model the caller may not list is
 * left out, and sub-records of staff the caller cannot see are not written. Streamed (ExcelJS's writer),
 * waiting for the client between pages.
 */
export async function writeAssessorExport(store: ModelStore, reads: ModelReads, handle: DbHandle, request: FastifyRequest, out: Writable): Promise<void> {
  const staff = reads.model(STAFF_MODEL);
  const lang = request.lang;
  // each model's texts through its own module's locale first (tab titles are the staff model's)
  const label = (text: string, model: { model: { id: string } } = staff) => store.env.translate(text, lang, model.model.id);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const drained = async () => {
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  };

  const staffContext = await reads.context(request, staff);
  const columns = sheetColumns(staff, staffContext.scope.fields?.hidden, null);
  const people = workbook.addWorksheet(sheetName(label(staff.model.title)));
  people.columns = columns.map((f) => ({ header: label(f.def.label), key: f.name, width: 16 }));
  const names = new Map<string, string>();
  for await (const rows of pagesOf(reads, request, STAFF_MODEL)) {
    for (const row of rows) {
      names.set(String(row.id), String(row.realname ?? row.username ?? row.id));
      people.addRow(columns.map((f) => cellOf(f, row))).commit();
    }
    await drained();
    if (out.destroyed) return;
  }
  people.commit();

  const auth = authOf(request);
  const used = new Set<string>();
  for (const tab of staff.model.tabs ?? []) {
    const sub = reads.model(tab.model);
    if (!(await holdsPermission(handle.db, auth, sub.permission('list')))) continue;
    const context = await reads.context(request, sub);
    const subColumns = sheetColumns(sub, context.scope.fields?.hidden, tab.foreignKey);
    let title = sheetName(tab.title ? label(tab.title) : label(sub.model.title, sub));
    while (used.has(title)) title = sheetName(`${title} `);
    used.add(title);
    const sheet = workbook.addWorksheet(title);
    sheet.columns = [
      { header: successMessage('staffMember', lang), key: tab.foreignKey, width: 14 },
      ...subColumns.map((f) => ({ header: label(f.def.label, sub), key: f.name, width: 16 })),
    ];
    for await (const rows of pagesOf(reads, request, tab.model)) {
      for (const row of rows) {
        const owner = names.get(String(row[tab.foreignKey]));
        if (owner === undefined) continue;
        sheet.addRow([neutraliseCell(owner), ...subColumns.map((f) => cellOf(f, row))]).commit();
      }
      await drained();
      if (out.destroyed) return;
    }
    sheet.commit();
  }
  await workbook.commit();
}
