import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
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

/** The steps of ExcelJS's streaming reader that each parse one part (exceljs 4.4 lib/stream/xlsx/workbook-reader.js). */
interface WorkbookParts {
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncGenerator<unknown>;
  _parseStyles(part: Readable): Promise<void>;
  _parseWorksheet(part: Readable, sheetNo: string): Generator<{ value: AsyncIterable<ExcelJS.Row> }>;
}

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * The first worksheet's rows, its strings, styles and names parsed first. ExcelJS's own walk through the
 * zip (one streaming pass) loses the entries after a worksheet when its input ends while the worksheet is
 * parked in a temporary file (exceljs#3064: Excel and ExcelJS both store the shared strings, and ExcelJS
 * the workbook, after the sheets): a valid file then failed to read, or read without its text. Here the
 * parts are taken from the central directory in the order they are needed. Each part is decoded as a
 * stream (setEncoding): ExcelJS decodes chunk by chunk, which garbles a character split across chunks.
 */
async function withFirstWorksheet<T>(file: Buffer, read: (rows: AsyncIterable<ExcelJS.Row>) => Promise<T>): Promise<T | null> {
  const zip = await yauzl.fromBufferPromise(file, { lazyEntries: true, strictFileNames: false });
  const opened: Readable[] = [];
  try {
    const entries = new Map<string, yauzl.Entry>();
    for await (const entry of zip.eachEntry()) if (!entries.has(entry.fileName)) entries.set(entry.fileName, entry);
    const open = async (name: string): Promise<Readable | null> => {
      const entry = entries.get(name);
      if (!entry) return null;
      const part = await zip.openReadStreamPromise(entry);
      part.setEncoding('utf8');
      opened.push(part);
      return part;
    };
    const reader = new ExcelJS.stream.xlsx.WorkbookReader('', { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit' });
    const parts = reader as unknown as WorkbookParts;
    const rels = await open('xl/_rels/workbook.xml.rels');
    if (rels) await parts._parseRels(rels);
    const workbook = await open('xl/workbook.xml');
    if (workbook) await parts._parseWorkbook(workbook);
    const strings = await open('xl/sharedStrings.xml');
    if (strings) for await (const _ of parts._parseSharedStrings(strings));
    const styles = await open('xl/styles.xml');
    if (styles) await parts._parseStyles(styles);
    const first = [...entries.keys()].find((name) => WORKSHEET.test(name));
    if (!first) return null;
    const [worksheet] = parts._parseWorksheet((await open(first))!, WORKSHEET.exec(first)![1]!);
    return await read(worksheet!.value);
  } finally {
    for (const part of opened) part.destroy();
    zip.close();
  }
}

/**
 * The first worksheet's header row and data rows (empty rows skipped), read with ExcelJS's streaming
 * reader so memory follows the rows kept, not the XML. More than `maxRows` data rows stops the read.
 * The reader's stream is in memory and never waits for I/O: `breathe` lets other requests in between rows.
 * A file that cannot be read is CL_ERR_IMPORT_FILE_BROKEN, its reason kept as the error's cause.
 */
export async function readSheet(file: Buffer, maxRows: number, breathe = breather()): Promise<Sheet> {
  const sheet: Sheet = { headers: [], rows: [] };
  try {
    await withFirstWorksheet(file, async (rows) => {
      for await (const row of rows) {
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
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw appError('CL_ERR_IMPORT_FILE_BROKEN', {}, undefined, { cause: error });
  }
  return sheet;
}
