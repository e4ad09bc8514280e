import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { paceSheet, sheetEntryInput } from '../../server/engine/xlsx/sheetBacklog.js';
import { readWorkbook } from './xlsxSupport.js';

// Rows like the export bench's: about 450 bytes of sheet XML each.
const ROWS = 6_000;
const rowOf = (i: number) => [
  `R${String(i).padStart(7, '0')}`,
  `样品记录${i}`,
  '土样',
  '2024-03-01',
  '2024-03-01 10:00:00',
  i % 1000,
  (i % 977) / 10,
  'GB/T 50081-2019',
  `检测员${i % 40}`,
  `第${i}号样品的备注说明，用于导出测试`,
];

/**
 * Writes ROWS rows as writeExport does, looking every 200 rows at the uncompressed XML queued for the
 * compressor. Paced: paceSheet there. Unpaced: only a turn of the event loop per 1,000 rows (the next
 * batch's read), as the export did before.
 */
async function writeSheet(paced: boolean): Promise<{ maxQueued: number; file: Buffer }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.on('end', resolve));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('样品');
  let maxQueued = 0;
  for (let i = 0; i < ROWS; i++) {
    sheet.addRow(rowOf(i)).commit();
    if ((i + 1) % 200 !== 0) continue;
    const entry = sheetEntryInput(sheet);
    expect(entry, 'ExcelJS no longer exposes the sheet’s zip entry input (server/engine/xlsx/sheetBacklog.ts)').not.toBeNull();
    maxQueued = Math.max(maxQueued, entry!.queuedBytes());
    if (paced) await paceSheet(sheet, out);
    else if ((i + 1) % 1000 === 0) await nextTurn();
  }
  sheet.commit();
  await workbook.commit();
  await ended;
  return { maxQueued, file: Buffer.concat(chunks) };
}

describe('streamed worksheet backlog (paceSheet)', () => {
  it('ExcelJS does not pass the compressor’s backpressure on: unpaced, the sheet XML queues at its zip entry', async () => {
    const { maxQueued } = await writeSheet(false);
    // most of the sheet's ~2.7 MB of XML: the compressor moves a block per turn of the event loop
    expect(maxQueued).toBeGreaterThan(1024 * 1024);
  });

  it('paced, no more than about a block of XML waits, and the workbook is complete', async () => {
    const { maxQueued, file } = await writeSheet(true);
    expect(maxQueued).toBeLessThanOrEqual(256 * 1024);
    const rows = (await readWorkbook(file)).sheets.get('样品')!;
    expect(rows).toHaveLength(ROWS);
    expect(rows[0]).toEqual(rowOf(0));
    expect(rows[ROWS - 1]).toEqual(rowOf(ROWS - 1));
  });

  it('stops waiting when the client is gone, though the compressor can no longer drain', async () => {
    const out = new PassThrough(); // nobody reads: the zip stalls behind it
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet('样品');
    let pending: Promise<void> | null = null;
    for (let i = 0; i < ROWS && !pending; i++) {
      sheet.addRow(rowOf(i)).commit();
      if ((i + 1) % 200 !== 0) continue;
      const pace = paceSheet(sheet, out);
      const settled = await Promise.race([pace.then(() => true), sleep(200).then(() => false)]);
      if (!settled) pending = pace;
    }
    expect(pending, 'the export waits while its output is full').not.toBeNull();
    out.destroy();
    await expect(Promise.race([pending!.then(() => 'resolved'), sleep(2000).then(() => 'still waiting')])).resolves.toBe('resolved');
  });
});
