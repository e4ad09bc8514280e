/**
 * Spreadsheet programs run a typed cell that starts with = + - @ (or a tab/CR before one) as a
 * formula: an exported value such as `=HYPERLINK(…)` would become a live link or command once a user
 * edits the cell (OWASP "CSV injection"). Exports prefix such text with an apostrophe; imports take
 * the apostrophe off again, so an export re-imports unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function unneutraliseCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel's sheet names: at most 31 characters, none of \ / ? * [ ] : */
export function sheetName(title: string): string {
  return title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1';
}

/** attachment; an ASCII fallback name plus the real one (RFC 6266 / 5987) */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
