/**
 * A print template (devPlatform.printDev.template): a page and a list of blocks bound to the fields of one
 * model and of its sub-record tabs. One format for the designer, the browser's print view and the
 * server's PDF; pure data, no code and no text templating (a text block is printed as written).
 */
export type PrintAlign = 'left' | 'center' | 'right';

export interface PrintPage {
  size: 'A4' | 'A5' | 'B5' | 'LETTER';
  orientation: 'portrait' | 'landscape';
  /** page margin in points (1/72 inch) */
  margin: number;
}

export type PrintBlock =
  /** a heading */
  | { kind: 'title'; text: string; align?: PrintAlign }
  /** a paragraph printed as written */
  | { kind: 'text'; text: string; align?: PrintAlign }
  /** label–value pairs of the record's fields, `columns` pairs to a row */
  | { kind: 'fields'; columns: 1 | 2 | 3 | 4; fields: string[] }
  /**
   * the rows of a sub-record tab (its model) with the chosen columns; `rowsWhere` keeps the rows whose date
   * field is in the current year or not yet past (training this year, certificates in force); `totals` adds a
   * row summing number columns
   */
  | { kind: 'table'; model: string; title?: string; columns: string[]; rowsWhere?: PrintRowsWhere; totals?: { label: string; fields: string[] } }
  /** an image field of the record (a signature), or an image stored with the template (a stamp) */
  | { kind: 'image'; field?: string; file?: string; caption?: string; width: number; align?: PrintAlign };

export interface PrintRowsWhere {
  field: string;
  is: 'thisYear' | 'notExpired';
}

export interface PrintTemplate {
  page: PrintPage;
  blocks: PrintBlock[];
}

export const PRINT_BLOCK_KINDS = ['title', 'text', 'fields', 'table', 'image'] as const;
export const MAX_PRINT_BLOCKS = 200;
export const MAX_PRINT_TEXT = 2_000;
export const STORED_FILE_PATH = /^[a-z]{1,20}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,8}$/;

export function emptyPrintTemplate(): PrintTemplate {
  return { page: { size: 'A4', orientation: 'portrait', margin: 40 }, blocks: [] };
}

/** What a model offers a template: its fields and its sub-record tabs with theirs (POST /api/system/printDev/Fields). */
export interface PrintFieldInfo {
  field: string;
  label: string;
  type: string;
}

export interface PrintModelInfo {
  formId: string;
  title: string;
  fields: PrintFieldInfo[];
  tables: { model: string; title: string; foreignKey: string; fields: PrintFieldInfo[] }[];
}

/** What GET /api/system/printDev/Data answers: the template, the record and its tables, and every printed image inline. */
export interface PrintData {
  template: PrintTemplate;
  fullName: string;
  info: PrintModelInfo;
  record: Record<string, unknown>;
  tables: Record<string, Record<string, unknown>[]>;
  /** stored path -> data: URL (PNG or JPEG) */
  images: Record<string, string>;
}

/** One problem of a template, at a path such as `blocks[2].fields[0]`. */
export interface PrintTemplateProblem {
  path: string;
  message: string;
}

const ALIGNS = new Set(['left', 'center', 'right']);
const SIZES = new Set(['A4', 'A5', 'B5', 'LETTER']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks a template against the model it prints: every field named is a field of that model (or of the
 * table's tab model), images name an image field or a stored file. Returns the problems (none: valid).
 */
export function checkPrintTemplate(value: unknown, info: PrintModelInfo): PrintTemplateProblem[] {
  const problems: PrintTemplateProblem[] = [];
  const add = (path: string, message: string) => problems.push({ path, message });
  if (!isRecord(value)) return [{ path: '', message: 'not an object' }];
  const page = value.page;
  if (!isRecord(page) || !SIZES.has(String(page.size)) || !['portrait', 'landscape'].includes(String(page.orientation))) add('page', 'size or orientation');
  else if (typeof page.margin !== 'number' || page.margin < 0 || page.margin > 200) add('page.margin', '0–200');
  const blocks = value.blocks;
  if (!Array.isArray(blocks) || blocks.length > MAX_PRINT_BLOCKS) return [...problems, { path: 'blocks', message: `a list of at most ${MAX_PRINT_BLOCKS}` }];
  const fieldsOf = new Map(info.fields.map((f) => [f.field, f]));
  blocks.forEach((block: unknown, i) => {
    const at = `blocks[${i}]`;
    if (!isRecord(block) || !(PRINT_BLOCK_KINDS as readonly string[]).includes(String(block.kind))) return add(at, 'kind');
    if (block.align !== undefined && !ALIGNS.has(String(block.align))) add(`${at}.align`, 'left, center or right');
    switch (block.kind) {
      case 'title':
      case 'text':
        if (typeof block.text !== 'string' || block.text.length > MAX_PRINT_TEXT) add(`${at}.text`, `text of at most ${MAX_PRINT_TEXT}`);
        break;
      case 'fields':
        if (![1, 2, 3, 4].includes(Number(block.columns))) add(`${at}.columns`, '1–4');
        if (!Array.isArray(block.fields)) add(`${at}.fields`, 'a list');
        else
          block.fields.forEach((f: unknown, j) => (typeof f === 'string' && fieldsOf.has(f) ? null : add(`${at}.fields[${j}]`, `unknown field ${String(f)}`)));
        break;
      case 'table': {
        const table = info.tables.find((tab) => tab.model === block.model);
        if (!table) {
          add(`${at}.model`, `not a sub-record tab: ${String(block.model)}`);
          break;
        }
        if (block.title !== undefined && (typeof block.title !== 'string' || block.title.length > 200)) add(`${at}.title`, 'text');
        const columns = new Set(table.fields.map((f) => f.field));
        const typeOf = (field: unknown) => table.fields.find((f) => f.field === field)?.type;
        if (!Array.isArray(block.columns) || block.columns.length === 0) add(`${at}.columns`, 'a list');
        else
          block.columns.forEach((f: unknown, j) => (typeof f === 'string' && columns.has(f) ? null : add(`${at}.columns[${j}]`, `unknown field ${String(f)}`)));
        if (block.rowsWhere !== undefined) {
          const where = block.rowsWhere as Record<string, unknown> | null;
          if (!isRecord(where) || !['date', 'datetime'].includes(String(typeOf(where.field))) || !['thisYear', 'notExpired'].includes(String(where.is))) {
            add(`${at}.rowsWhere`, 'a date field and thisYear or notExpired');
          }
        }
        if (block.totals !== undefined) {
          const totals = block.totals as Record<string, unknown> | null;
          if (!isRecord(totals) || typeof totals.label !== 'string' || totals.label.length > 50 || !Array.isArray(totals.fields))
            add(`${at}.totals`, '{label, fields}');
          else
            totals.fields.forEach((f: unknown, j) =>
              ['integer', 'number'].includes(String(typeOf(f))) && Array.isArray(block.columns) && block.columns.includes(f)
                ? null
                : add(`${at}.totals.fields[${j}]`, `not a number column: ${String(f)}`),
            );
        }
        break;
      }
      case 'image': {
        const hasField = typeof block.field === 'string' && block.field !== '';
        const hasFile = typeof block.file === 'string' && block.file !== '';
        if (hasField === hasFile) add(at, 'an image field or a stored file');
        if (hasField && fieldsOf.get(String(block.field))?.type !== 'image') add(`${at}.field`, `not an image field: ${String(block.field)}`);
        if (hasFile && !STORED_FILE_PATH.test(String(block.file))) add(`${at}.file`, 'a stored image');
        if (typeof block.width !== 'number' || block.width < 10 || block.width > 600) add(`${at}.width`, '10–600');
        if (block.caption !== undefined && (typeof block.caption !== 'string' || block.caption.length > 200)) add(`${at}.caption`, 'text');
        break;
      }
    }
  });
  return problems;
}

/** The rows a table block prints: those `rowsWhere` keeps (dates as YYYY-MM-DD text; `today` likewise). */
export function rowsToPrint(rows: Record<string, unknown>[], where: PrintRowsWhere | undefined, today: string): Record<string, unknown>[] {
  if (!where) return rows;
  const date = (row: Record<string, unknown>) => String(row[where.field] ?? '').slice(0, 10);
  if (where.is === 'thisYear') return rows.filter((row) => date(row).slice(0, 4) === today.slice(0, 4));
  // an empty expiry never expires
  return rows.filter((row) => date(row) === '' || date(row) >= today);
}

/** The totals row of a table block: the label in the first column, each summed column's sum, the rest empty. */
export function totalsRow(rows: Record<string, unknown>[], columns: string[], totals: { label: string; fields: string[] } | undefined): string[] | null {
  if (!totals) return null;
  return columns.map((field, i) => {
    if (totals.fields.includes(field)) {
      const sum = rows.reduce((acc, row) => acc + (Number(row[field]) || 0), 0);
      return String(Math.round(sum * 100) / 100);
    }
    return i === 0 ? totals.label : '';
  });
}

/** A value as printed: the dictionary text where the record carries one, lists joined, nothing for empty. */
export function printedValue(row: Record<string, unknown>, field: string): string {
  const text = row[`${field}_dictText`];
  const value = text !== undefined && text !== null && text !== '' ? text : row[field];
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join('、');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The rows a table block at `index` prints (its own filtered list where it filters, else its model's). */
export function tableRowsOf(data: Pick<PrintData, 'tables'>, block: { model: string }, index: number): Record<string, unknown>[] {
  return data.tables[`${block.model}#${index}`] ?? data.tables[block.model] ?? [];
}
