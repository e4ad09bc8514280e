import fs from 'node:fs';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSheet } from '../../server/engine/xlsx/readSheet.js';
import { workbookOf } from './xlsxSupport.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('readSheet (the import’s workbook reader)', () => {
  it('reads a workbook that stores its strings and names after the sheet, however slowly the disk answers', async () => {
    // ExcelJS's own pass parked such a sheet in a temporary file and lost the parts after it when the file
    // was slow to finish (exceljs#3064): a valid upload answered CL_ERR_IMPORT_FILE_BROKEN now and then
    const createWriteStream = fs.createWriteStream.bind(fs);
    vi.spyOn(fs, 'createWriteStream').mockImplementation(((file: fs.PathLike) => {
      const real = createWriteStream(file);
      return new Writable({
        write: (chunk, encoding, done) => real.write(chunk, encoding, done),
        final: (done) => setTimeout(() => real.end(done), 100),
      });
    }) as typeof fs.createWriteStream);
    const file = await workbookOf([
      ['备注', '关联案件'],
      ['导甲', 'A-1'],
      ['导乙', null],
    ]);
    for (let i = 0; i < 3; i++) {
      expect(await readSheet(file, 10)).toEqual({
        headers: ['备注', '关联案件'],
        rows: [
          { number: 2, values: ['导甲', 'A-1'] },
          { number: 3, values: ['导乙'] },
        ],
      });
    }
  });

  it('keeps every Chinese character of a large sheet, wherever the unzipped text is cut into chunks', { timeout: 60_000 }, async () => {
    const names = Array.from({ length: 6_000 }, (_, i) => `导入用户甲乙丙丁${i}`);
    const sheet = await readSheet(await workbookOf([['姓名'], ...names.map((name) => [name])]), 10_000);
    expect(sheet.rows.map((row) => row.values[0]).filter((value, i) => value !== names[i])).toEqual([]);
  });

  it('refuses a cut file as broken and keeps the reason as the cause', async () => {
    const good = await workbookOf([['姓名'], ['甲']]);
    const refusal = await readSheet(good.subarray(0, good.length - 200), 10).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'CL_ERR_IMPORT_FILE_BROKEN', cause: expect.any(Error) });
  });
});
