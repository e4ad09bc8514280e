import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { appError, AppError } from '../../errors.js';
import { breather } from '../breather.js';

/** A cell as the import sees it: text, a number, a boolean, a date (UTC, as Excel stores it) or empty. */
export type SheetValue = string | number | boolean | Date | null;

export interface SheetRow {
  /** the row's number in the sheet (1 = the header) */
  number: number;
  values: SheetValue[];
}

export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

function plain(value: unknown): SheetValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: string };
  if (Array.isArray(v.richText)) return v.richText.map((part) => part.text).join('');
  // a formula: its cached result, never the formula text
  if ('result' in v) return plain(v.result);
  if (typeof v.text === 'string') return v.text;
  return null;
}

/**
 * The first worksheet's header row and data rows (empty rows skipped), read with ExcelJS's streaming
 * reader so memory follows the rows kept, not the XML. More than `maxRows` data rows stops the read.
 * The reader's stream is in memory and never waits for I/O: `breathe` lets other requests in between rows.
 */
export async function readSheet(file: Buffer, maxRows: number, breathe = breather()): Promise<Sheet> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  const sheet: Sheet = { headers: [], rows: [] };
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        await breathe();
        // row.values is 1-based (index 0 is empty)
        const values = (row.values as unknown[]).slice(1).map(plain);
        if (row.number === 1) {
          sheet.headers = values.map((v) => (v === null ? '' : String(v instanceof Date ? v.toISOString() : v).trim()));
          continue;
        }
        if (values.every((v) => v === null || (typeof v === 'string' && v.trim() === ''))) continue;
        if (sheet.rows.length >= maxRows) throw appError('CL_ERR_IMPORT_TOO_MANY_ROWS', { max: maxRows });
        sheet.rows.push({ number: row.number, values });
      }
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw appError('CL_ERR_IMPORT_FILE_BROKEN', {}, undefined, { cause: error });
  }
  return sheet;
}
