/** A small link button's padding (antd: 7 px each side) around its label. */
const LINK_BUTTON_PADDING = 14;
/** A middle-size table cell's padding (16 px each side). */
const CELL_PADDING = 32;
/** At the table's 14 px font: a CJK character is about 14 px wide, a Latin letter or digit at most about 8 (erring wide). */
const WIDE_CHAR = 14;
const NARROW_CHAR = 8;

/** The width `text` takes at the table's font, estimated from its characters (no layout is measured: this runs per render). */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += char.codePointAt(0)! >= 0x2e80 ? WIDE_CHAR : NARROW_CHAR;
  return width;
}

/** The arrows a sortable column's title shows beside it. */
const SORTER = 20;

/**
 * The width of a date or date-time column: its formatted value on one line (a 创建时间 of 2026-11-28 00:01:56
 * wrapped onto three lines in a column as wide as its title), or its title if wider.
 */
export function dateColumnWidth(format: string, title: string, sortable: boolean): number {
  return Math.max(textWidth(format), textWidth(title) + (sortable ? SORTER : 0)) + CELL_PADDING;
}

/**
 * The actions column's width: every link a row may show side by side (编辑 详情 删除 打印…, or Edit Details Delete
 * Print in English), or its title if wider. Without a width of its own, the fixed column took an equal share of
 * the table and cut its last links.
 */
export function actionsColumnWidth(labels: readonly string[], title: string): number {
  const links = labels.reduce((sum, label) => sum + textWidth(label) + LINK_BUTTON_PADDING, 0);
  return Math.max(links, textWidth(title)) + CELL_PADDING;
}
