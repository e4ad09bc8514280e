import validationMessages from '../../schemas/meta/validation-messages.json' with { type: 'json' };
import type { Lang } from '../model/types';
import { checkCell, type CellRule } from './cellRules';

/** A table column as far as its rules go: its key, its title (for {label}) and its rules in order. */
export interface RowColumn {
  key: string;
  title: string;
  rules: readonly CellRule[];
}

export interface RowFailure {
  rowIndex: number;
  column: string;
  message: string;
}

const ROW_MESSAGE = (validationMessages as unknown as Record<'cellRow', Record<Lang, string>>).cellRow;

/**
 * The first broken cell of a list of rows, column by column in row order (what the editable table's
 * full check answers), or null. Used by the server to enforce a table field's declared rules.
 */
export function firstRowFailure(columns: readonly RowColumn[], rows: readonly Record<string, unknown>[], lang: Lang): RowFailure | null {
  let first: RowFailure | null = null;
  for (const column of columns) {
    if (column.rules.length === 0) continue;
    const values = rows.map((row) => row[column.key]);
    for (let rowIndex = 0; rowIndex < rows.length && (first === null || rowIndex < first.rowIndex); rowIndex++) {
      const message = checkCell(column.rules, values[rowIndex], { label: column.title, lang, rowIndex, values });
      if (message) first = { rowIndex, column: column.key, message };
    }
  }
  return first;
}

/** 第{row}行 {label}：{message}, in the language. */
export function rowFailureText(failure: RowFailure, label: string, lang: Lang): string {
  return ROW_MESSAGE[lang]
    .replace('{row}', String(failure.rowIndex + 1))
    .replace('{label}', label)
    .replace('{message}', failure.message);
}
