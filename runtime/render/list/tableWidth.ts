import type { TableColumnType as ColumnType } from 'antd';
import type { DataRecord } from '../../data/DataProvider';
import { ACTIONS_COLUMN_KEY } from './buildColumns';

/** A cell's padding in a middle-size table (16 px each side), and the sorter's arrows beside a title. */
const CELL_PADDING = 32;
const SORTER = 20;
/** Titles are mostly Chinese: about one 14 px character each (a Latin title is narrower, so this errs on the wide side). */
const TITLE_CHAR = 14;
const MIN_COLUMN = 80;
/** 编辑 详情 删除 and their gaps */
const ACTIONS = 180;
const SELECTION = 48;

/**
 * The width a list's table is laid out at (antd's scroll.x) when its card is narrower: each column's own
 * width, else its title's, else the actions'. The table still fills a wider card. It must not be
 * 'max-content': a cut column (a long 说明 with an ellipsis) does not wrap, so its content width is its whole
 * text, and the column took that instead of its own width, pushing the others out of sight.
 */
export function tableWidth(columns: ColumnType<DataRecord>[], selectable: boolean): number {
  let total = selectable ? SELECTION : 0;
  for (const column of columns) {
    if (typeof column.width === 'number') total += column.width;
    else if (column.key === ACTIONS_COLUMN_KEY) total += ACTIONS;
    else {
      const title = typeof column.title === 'string' ? column.title.length : 4;
      total += Math.max(MIN_COLUMN, title * TITLE_CHAR + CELL_PADDING + (column.sorter ? SORTER : 0));
    }
  }
  return total;
}
