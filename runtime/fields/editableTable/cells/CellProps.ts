import type { TableColumn } from '../tableColumns';

/** What every cell editor gets: its value, its column, and how to change the value. */
export interface CellEditorProps {
  value: unknown;
  column: TableColumn;
  invalid: boolean;
  disabled: boolean;
  onChange(value: unknown): void;
  /** the editor lost focus: a click-to-edit cell leaves edit mode */
  onBlur?(): void;
  autoFocus?: boolean;
}

/** The text a cell shows for its value when it is not being edited. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
