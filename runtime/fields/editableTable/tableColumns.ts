import type { CellHandler, CellRule } from '../../validation/cellRules';

/** The cell kinds a column may take (spec 000 §3 "Editable table column": type). */
export const CELL_TYPES = ['input', 'inputNumber', 'select', 'checkbox', 'date', 'datetime', 'upload', 'normal', 'hidden'] as const;
export type CellType = (typeof CELL_TYPES)[number];

/**
 * The table's own column kinds (row number, checkbox, radio, expand, drag-sort): a column may not take
 * these names (spec 000 §5), or it would be drawn as the table's control column instead of its data.
 */
export const RESERVED_CELL_TYPES = ['rowNumber', 'rowCheckbox', 'rowRadio', 'rowExpand', 'rowDragSort'] as const;

/** A column's rule as a model file writes it: a handler is a registered cellValidator hook's name. */
export type ColumnRuleDef =
  { required: true; message?: string } | { unique: true; message?: string } | { pattern: string; message?: string } | { handler: string; message?: string };

export interface OptionDef {
  value: string | number;
  /** also accepted as `text` or `title`, the spellings dictionaries use */
  label?: string;
  text?: string;
  title?: string;
}

/** One column of the editable table, as x-component-props.columns lists it. */
export interface ColumnDef {
  key: string;
  title: string;
  type?: string;
  width?: number;
  placeholder?: string;
  options?: OptionDef[];
  dictCode?: string;
  validateRules?: ColumnRuleDef[];
  defaultValue?: unknown;
  /** the footer row sums this column's integer values */
  statistics?: boolean;
  /** the order column: renumbered from 1 after every add, insert, remove and move */
  isOrder?: boolean;
  /** checkbox: the values of [checked, unchecked] */
  customValue?: [unknown, unknown];
  defaultChecked?: boolean;
  disabled?: boolean;
  /** upload: the storage bucket */
  biz?: string;
  allowDownload?: boolean;
  allowRemove?: boolean;
}

/** A column ready to draw: its type and width settled, its rules resolved to code. */
export interface TableColumn extends Omit<ColumnDef, 'type' | 'validateRules' | 'width'> {
  type: CellType;
  width: number;
  rules: CellRule[];
  required: boolean;
}

/** spec 000 §9: default column width */
export const DEFAULT_COLUMN_WIDTH = 120;

/** What a column definition gets wrong, in words a model author can act on ('' when nothing). */
export function columnProblem(column: ColumnDef, index: number, seen: Set<string>): string {
  const where = `columns[${index}]`;
  if (!column || typeof column.key !== 'string' || column.key === '') return `${where} has no key`;
  if (seen.has(column.key)) return `${where}: the key "${column.key}" is used twice`;
  const type = column.type ?? 'input';
  if ((RESERVED_CELL_TYPES as readonly string[]).includes(type)) return `${where}: the type "${type}" is reserved for the table's own columns`;
  if (!(CELL_TYPES as readonly string[]).includes(type)) return `${where}: unknown cell type "${type}" (known: ${CELL_TYPES.join(', ')})`;
  return '';
}

/**
 * Settles the columns (default type input, width 120) and resolves each rule; a handler name goes
 * through `handlerOf`, which throws for one that is not registered. Throws the first problem.
 */
export function buildTableColumns(defs: readonly ColumnDef[], handlerOf: (name: string) => CellHandler): TableColumn[] {
  const seen = new Set<string>();
  return defs.map((def, index) => {
    const problem = columnProblem(def, index, seen);
    if (problem) throw new Error(problem);
    seen.add(def.key);
    const { validateRules = [], type = 'input', width = DEFAULT_COLUMN_WIDTH, ...rest } = def;
    const rules = validateRules.map((rule): CellRule => {
      if (!('handler' in rule)) return rule;
      const handler = handlerOf(rule.handler);
      return rule.message ? { handler, message: rule.message } : { handler };
    });
    return { ...rest, type: type as CellType, width, rules, required: validateRules.some((rule) => 'required' in rule && rule.required) };
  });
}
