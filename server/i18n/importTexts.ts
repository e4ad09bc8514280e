import type { Lang } from '../../runtime/model/types.js';
import { toTraditional } from './toTraditional.js';

/** Texts of import answers, error reports and templates (zh-TW is converted). */
const TEXTS = {
  imported: { 'zh-CN': '文件导入成功！数据行数：{count}', en: 'File imported successfully! Rows: {count}' },
  rejected: {
    'zh-CN': '共 {total} 行，其中 {rows} 行有错误（{errors} 处），未导入任何数据，请下载错误报告修改后重新导入',
    en: '{total} rows, {rows} of them with errors ({errors} in all); nothing was imported. Download the error report, fix the file and import it again',
  },
  dictUnknown: { 'zh-CN': '“{value}”不是「{label}」的可选值', en: '"{value}" is not an option of "{label}"' },
  duplicateInFile: { 'zh-CN': '{label}与第 {row} 行重复', en: '{label} repeats row {row}' },
  reportSheet: { 'zh-CN': '错误报告', en: 'Errors' },
  reportRow: { 'zh-CN': '行号', en: 'Row' },
  reportColumn: { 'zh-CN': '列', en: 'Column' },
  reportValue: { 'zh-CN': '填写的值', en: 'Value' },
  reportReason: { 'zh-CN': '错误原因', en: 'Reason' },
  reportFileName: { 'zh-CN': '{title}导入错误报告.xlsx', en: '{title} import errors.xlsx' },
  templateFileName: { 'zh-CN': '{title}导入模板.xlsx', en: '{title} import template.xlsx' },
  hintSheet: { 'zh-CN': '填写说明', en: 'Instructions' },
  hintColumn: { 'zh-CN': '列', en: 'Column' },
  hintRequired: { 'zh-CN': '必填', en: 'Required' },
  hintOptions: { 'zh-CN': '可选值', en: 'Options' },
  hintFormat: { 'zh-CN': '格式', en: 'Format' },
  yes: { 'zh-CN': '是', en: 'Yes' },
  no: { 'zh-CN': '否', en: 'No' },
} satisfies Record<string, { 'zh-CN': string; en: string }>;

export type ImportTextKey = keyof typeof TEXTS;

export function importText(key: ImportTextKey, lang: Lang, params: Record<string, string | number> = {}): string {
  const entry = TEXTS[key];
  // the template is converted, never the values filled in (a user's text stays as they wrote it)
  const template = lang === 'en' ? entry.en : lang === 'zh-TW' ? toTraditional(entry['zh-CN']) : entry['zh-CN'];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}
