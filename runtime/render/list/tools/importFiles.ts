/** Spec 000 §5 "Excel import: at least one file, .xls or .xlsx only". */
const EXCEL_NAME = /\.xlsx?$/i;

export type ImportFileProblem = 'noFile' | 'badType';

/** Why these files cannot be imported, or null when they can. */
export function importFileProblem(files: { name: string }[]): ImportFileProblem | null {
  if (files.length === 0) return 'noFile';
  return files.every((f) => EXCEL_NAME.test(f.name)) ? null : 'badType';
}

export function isExcelName(name: string): boolean {
  return EXCEL_NAME.test(name);
}
