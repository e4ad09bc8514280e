import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Lang } from '../../runtime/model/types.js';
import { appError } from '../errors.js';
import { importText } from '../i18n/importTexts.js';
import type { RowError } from './importRowError.js';
import { neutraliseCell } from './xlsx/cellText.js';

/** How long a rejected import's report can be downloaded. */
export const REPORT_TTL_MS = 60 * 60 * 1000;
const NAME = /^[0-9a-f]{32}\.xlsx$/;

/**
 * Error reports of rejected imports, under <dataDir>/import-reports/<hash of the user id>/ with
 * generated names: only the user who imported can fetch one (the route looks in the caller's own
 * folder), and each expires after REPORT_TTL_MS (expired files are removed whenever a report is written).
 */
export interface ImportReports {
  write(userId: string, errors: RowError[], lang: Lang): Promise<string>;
  /** the report file's path, or CL_ERR_IMPORT_REPORT_GONE */
  pathOf(userId: string, name: string): Promise<string>;
}

export function createImportReports(dataDir: string, now: () => number = Date.now): ImportReports {
  const root = path.join(dataDir, 'import-reports');
  const folderOf = (userId: string) => path.join(root, createHash('sha256').update(userId).digest('hex').slice(0, 32));

  async function sweep(): Promise<void> {
    const folders = await fs.promises.readdir(root).catch(() => [] as string[]);
    for (const folder of folders) {
      const dir = path.join(root, folder);
      for (const name of await fs.promises.readdir(dir).catch(() => [] as string[])) {
        const file = path.join(dir, name);
        const stat = await fs.promises.stat(file).catch(() => null);
        if (stat && now() - stat.mtimeMs > REPORT_TTL_MS) await fs.promises.rm(file, { force: true });
      }
    }
  }

  return {
    async write(userId, errors, lang) {
      await sweep();
      const dir = folderOf(userId);
      await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${randomBytes(16).toString('hex')}.xlsx`;
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path.join(dir, name), useStyles: false, useSharedStrings: false });
      const sheet = workbook.addWorksheet(importText('reportSheet', lang));
      sheet.columns = [
        { header: importText('reportRow', lang), width: 8 },
        { header: importText('reportColumn', lang), width: 20 },
        { header: importText('reportValue', lang), width: 30 },
        { header: importText('reportReason', lang), width: 60 },
      ];
      for (const e of errors) sheet.addRow([e.row, neutraliseCell(e.column), neutraliseCell(e.value), neutraliseCell(e.message)]).commit();
      sheet.commit();
      await workbook.commit();
      return name;
    },
    async pathOf(userId, name) {
      if (!NAME.test(name)) throw appError('CL_ERR_IMPORT_REPORT_GONE');
      const file = path.join(folderOf(userId), name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat) throw appError('CL_ERR_IMPORT_REPORT_GONE');
      if (now() - stat.mtimeMs > REPORT_TTL_MS) {
        await fs.promises.rm(file, { force: true });
        throw appError('CL_ERR_IMPORT_REPORT_GONE');
      }
      return file;
    },
  };
}
