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
/** A column whose title is shorter (IP, 状态) still leaves its values some room. */
const MIN_COLUMN = 80;

/**
 * The width of a column that declares none: its title on one line, in the user's language. Without a width,
 * such columns took equal shares of the table, and an English title longer than its share was cut (用户管理's
 * "Current department" read "Current departm"); a table wider than its card scrolls inside it.
 */
export function titleColumnWidth(title: string, sortable: boolean): number {
  return Math.max(MIN_COLUMN, textWidth(title) + (sortable ? SORTER : 0) + CELL_PADDING);
}

/**
 * The width of a date or date-time column: its formatted value on one line (a 创建时间 of 2026-11-28 00:01:56
 * wrapped onto three lines in a column as wide as its title), or its title if wider.
 */
export function dateColumnWidth(format: string, title: string, sortable: boolean): number {
  return Math.max(textWidth(format), textWidth(title) + (sortable ? SORTER : 0)) + CELL_PADDING;
}

/** The 更多 link's arrow (a 14 px icon) and its gap to the label (antd's marginXS). */
const MORE_ARROW = 14 + 8;

/**
 * The actions column's width: every link a row may show side by side (编辑 详情 删除 打印…, or Edit Details Delete
 * Print in English) and the 更多 link when some fold into it (`more`, its label), or its title if wider. Without a
 * width of its own, the fixed column took an equal share of the table and cut its last links.
 */
export function actionsColumnWidth(labels: readonly string[], title: string, more?: string): number {
  const links = labels.reduce((sum, label) => sum + textWidth(label) + LINK_BUTTON_PADDING, 0);
  const folded = more === undefined ? 0 : textWidth(more) + MORE_ARROW + LINK_BUTTON_PADDING;
  return Math.max(links + folded, textWidth(title)) + CELL_PADDING;
}
