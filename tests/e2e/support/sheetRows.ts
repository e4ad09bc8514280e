import type { Download } from '@playwright/test';
import ExcelJS from 'exceljs';

/** The texts of a downloaded workbook's first sheet, row by row (empty cells as ''). */
export async function sheetRows(download: Download): Promise<string[][]> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}
