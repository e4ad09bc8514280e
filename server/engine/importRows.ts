import { sql } from 'kysely';
import type { Lang, Scalar } from '../../runtime/model/types.js';
import type { DictItem } from '../dict/dictCache.js';
import { appError } from '../errors.js';
import { breather } from './breather.js';
import { importText } from '../i18n/importTexts.js';
import type { CompiledField, CompiledModel } from './compileModel.js';
import type { EngineEnv } from './engineEnv.js';
import { fieldMessage, validateRecord, type MessageContext } from './validateRecord.js';
import { unneutraliseCell } from './xlsx/cellText.js';
import type { Sheet, SheetValue } from './xlsx/readSheet.js';
import type { RowError } from './importRowError.js';

export type { RowError } from './importRowError.js';

export interface PreparedRow {
  number: number;
  values: Record<string, Scalar | null>;
}

interface Column {
  index: number;
  header: string;
  field: CompiledField;
}

const LANGS: Lang[] = ['zh-CN', 'en', 'zh-TW'];

/** Every name a column of the field may be headed by: field name, label and list title, in each language. */
function headerNames(env: EngineEnv, model: CompiledModel, field: CompiledField): string[] {
  const column = model.model.list?.columns?.find((c) => typeof c !== 'string' && c.field === field.name);
  const texts = [field.def.label, ...(column && typeof column !== 'string' && column.title ? [column.title] : [])];
  return [field.name, ...texts.flatMap((text) => LANGS.map((lang) => env.translate(text, lang, model.model.id)))];
}

/**
 * Header cells -> writable fields. Columns of read-only fields (an export's 创建时间) are skipped; a
 * header that names nothing is refused, as is a file without a column for a required field that has no default.
 */
export function mapColumns(env: EngineEnv, model: CompiledModel, headers: string[]): Column[] {
  const byHeader = new Map<string, CompiledField | null>();
  for (const field of model.readable) for (const name of headerNames(env, model, field)) if (!byHeader.has(name)) byHeader.set(name, null);
  for (const field of model.writable) for (const name of headerNames(env, model, field)) byHeader.set(name, field);
  const columns: Column[] = [];
  const unknown: string[] = [];
  headers.forEach((header, index) => {
    if (header === '') return;
    const field = byHeader.get(header);
    if (field === undefined) unknown.push(header.slice(0, 40));
    else if (field && !columns.some((c) => c.field === field)) columns.push({ index, header, field });
  });
  if (unknown.length > 0) throw appError('CL_ERR_IMPORT_HEADER_UNKNOWN', { headers: unknown.slice(0, 10).join('、') });
  const missing = model.writable.filter((f) => f.def.required && f.def.default === undefined && !columns.some((c) => c.field === f));
  if (missing.length > 0)
    throw appError('CL_ERR_IMPORT_COLUMN_MISSING', { columns: missing.map((f) => env.translate(f.def.label, 'zh-CN', model.model.id)).join('、') });
  return columns;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as a form would send it: dates in the model's text formats (Excel keeps dates as UTC), text trimmed. */
function toRaw(field: CompiledField, value: SheetValue): unknown {
  if (value instanceof Date) {
    const date = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const time = `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
    return field.def.type === 'date' || (field.def.type !== 'datetime' && time === '00:00:00') ? date : `${date} ${time}`;
  }
  if (typeof value === 'boolean') return field.def.type === 'integer' || field.def.type === 'number' ? Number(value) : String(value);
  if (typeof value === 'string') return unneutraliseCell(value.trim());
  return value;
}

/** Dictionary text (in any language) or code -> code. */
async function dictCodes(env: EngineEnv, columns: Column[]): Promise<Map<CompiledField, Map<string, string>>> {
  const maps = new Map<CompiledField, Map<string, string>>();
  for (const { field } of columns) {
    if (!field.def.dict) continue;
    const items: DictItem[] = await env.dictItems(field.def.dict);
    const map = new Map<string, string>();
    for (const item of items) for (const lang of LANGS) map.set(env.translate(item.text, lang), item.value);
    for (const item of items) map.set(item.value, item.value);
    maps.set(field, map);
  }
  return maps;
}

const shown = (value: SheetValue) => (value === null ? '' : value instanceof Date ? value.toISOString() : String(value)).slice(0, 200);

/**
 * Every row checked as a form save checks it (validateRecord), after dictionary texts became codes;
 * then unique fields within the file and against the table, and the beforeSave hook's own check of the
 * rows (CheckImport: a weak first password). Nothing is written here. ImportPreview and ImportData both
 * call it, so a preview finds every row the import would refuse. `breathe` lets other requests in
 * between rows (breather.ts).
 */
export async function prepareRows(
  env: EngineEnv,
  model: CompiledModel,
  sheet: Sheet,
  tenantId: number,
  ctx: MessageContext,
  breathe = breather(),
): Promise<{ rows: PreparedRow[]; errors: RowError[] }> {
  const columns = mapColumns(env, model, sheet.headers);
  const codes = await dictCodes(env, columns);
  const rows: PreparedRow[] = [];
  const errors: RowError[] = [];
  const columnOf = new Map(columns.map((c) => [c.field.name, c]));
  for (const { number, values } of sheet.rows) {
    await breathe();
    const body: Record<string, unknown> = {};
    let bad = false;
    for (const column of columns) {
      const cell = values[column.index] ?? null;
      let raw = toRaw(column.field, cell);
      if (raw === null || raw === '') continue;
      const dict = codes.get(column.field);
      if (dict) {
        const code = dict.get(String(raw));
        if (code === undefined) {
          errors.push({
            row: number,
            column: column.header,
            value: shown(cell),
            message: importText('dictUnknown', ctx.lang, { value: String(raw).slice(0, 60), label: ctx.translate(column.field.def.label, ctx.lang) }),
          });
          bad = true;
          continue;
        }
        raw = code;
      }
      body[column.field.name] = raw;
    }
    const checked = validateRecord(model, body, 'create', ctx);
    for (const e of checked.errors) {
      const column = columnOf.get(e.field);
      errors.push({
        row: number,
        column: column?.header ?? ctx.translate(model.fields.get(e.field)!.def.label, ctx.lang),
        value: column ? shown(values[column.index] ?? null) : '',
        message: e.message,
      });
    }
    if (!bad && checked.errors.length === 0) rows.push({ number, values: checked.values });
  }
  errors.push(...(await uniqueErrors(env, model, rows, columnOf, tenantId, ctx, breathe)));
  errors.push(...hookErrors(model, rows, ctx));
  return { rows, errors: errors.sort((a, b) => a.row - b.row) };
}

/** The hook's check of the otherwise valid rows; the value is left out (it may be a secret, a password). */
function hookErrors(model: CompiledModel, rows: PreparedRow[], ctx: MessageContext): RowError[] {
  if (!model.checkImport || rows.length === 0) return [];
  const found = model.checkImport(
    rows.map((row) => row.values),
    { lang: ctx.lang },
  );
  return found.flatMap((problems, index) =>
    problems.map((problem) => ({
      row: rows[index]!.number,
      column: ctx.translate(model.fields.get(problem.field)?.def.label ?? problem.field, ctx.lang),
      value: '',
      message: problem.message,
    })),
  );
}

const IN_CHUNK = 500;

async function uniqueErrors(
  env: EngineEnv,
  model: CompiledModel,
  rows: PreparedRow[],
  columnOf: Map<string, Column>,
  tenantId: number,
  ctx: MessageContext,
  breathe: () => Promise<void>,
): Promise<RowError[]> {
  const errors: RowError[] = [];
  for (const field of model.uniqueFields) {
    const column = columnOf.get(field.name);
    const header = column?.header ?? ctx.translate(field.def.label, ctx.lang);
    const label = ctx.translate(field.def.label, ctx.lang);
    const firstRow = new Map<string, number>();
    for (const row of rows) {
      await breathe();
      const value = row.values[field.name];
      if (value === null || value === undefined) continue;
      const seen = firstRow.get(String(value));
      if (seen !== undefined)
        errors.push({ row: row.number, column: header, value: String(value), message: importText('duplicateInFile', ctx.lang, { label, row: seen }) });
      else firstRow.set(String(value), row.number);
    }
    const values = [...firstRow.keys()];
    const taken = new Set<string>();
    for (let i = 0; i < values.length; i += IN_CHUNK) {
      await breathe();
      const chunk = values.slice(i, i + IN_CHUNK);
      const scope = model.tenant ? sql` and ${model.tenant.ref} = ${tenantId}` : sql``;
      const { rows: hits } = await sql<{ v: unknown }>`select ${field.ref} as v from ${model.table} where ${field.ref} in (${sql.join(chunk)})${scope}`.execute(
        env.reader,
      );
      for (const hit of hits) taken.add(String(hit.v));
    }
    for (const [value, number] of firstRow) {
      if (taken.has(value)) errors.push({ row: number, column: header, value, message: fieldMessage(field, 'unique', ctx) });
    }
  }
  return errors;
}
