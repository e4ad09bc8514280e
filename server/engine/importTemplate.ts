import ExcelJS from 'exceljs';
import type { Lang } from '../../runtime/model/types.js';
import { importText } from '../i18n/importTexts.js';
import type { CompiledModel } from './compileModel.js';
import type { EngineEnv } from './engineEnv.js';
import { neutraliseCell, sheetName } from './xlsx/cellText.js';

const FORMATS: Partial<Record<string, string>> = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm:ss' };

/**
 * The import template: one sheet headed by the writable fields' labels in the caller's language
 * (what the import maps back to fields), and an instructions sheet saying, per column, whether it is
 * required, its dictionary's options (texts, as the import expects them) and date formats.
 */
export async function buildImportTemplate(env: EngineEnv, model: CompiledModel, lang: Lang): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const data = workbook.addWorksheet(sheetName(env.translate(model.model.title, lang, model.model.id)));
  const fields = model.writable;
  data.columns = fields.map((f) => {
    const header = env.translate(f.def.label, lang, model.model.id);
    return { header, width: Math.min(40, Math.max(12, header.length * 2 + 2)) };
  });
  data.getRow(1).font = { bold: true };

  const hints = workbook.addWorksheet(sheetName(importText('hintSheet', lang)));
  hints.columns = [
    { header: importText('hintColumn', lang), width: 20 },
    { header: importText('hintRequired', lang), width: 8 },
    { header: importText('hintOptions', lang), width: 50 },
    { header: importText('hintFormat', lang), width: 22 },
  ];
  hints.getRow(1).font = { bold: true };
  for (const field of fields) {
    const options = field.def.dict
      ? (await env.dictItems(field.def.dict)).map((item) => env.translate(item.text, lang)).join('、')
      : (field.def.enum ?? []).join('、');
    const required = field.def.required && field.def.default === undefined;
    hints.addRow([
      env.translate(field.def.label, lang, model.model.id),
      importText(required ? 'yes' : 'no', lang),
      neutraliseCell(options),
      FORMATS[field.def.type] ?? '',
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
