import { createContext } from 'react';
import { createActiveCell, type ActiveCell } from './activeCell';

/** What every cell of one table shares; it changes only when the table's props do. */
export interface TableSettings {
  editMode: 'always' | 'click';
  /** the form's read-only view: values as text */
  readOnly: boolean;
  disabled: boolean;
  active: ActiveCell;
  /** the theme's error colour, for cells whose editor draws no error border of its own */
  errorColor: string;
  /** an editor lost focus: the table commits its value to the form */
  onCellBlur(): void;
}

export const TableSettingsContext = createContext<TableSettings>({
  editMode: 'always',
  readOnly: false,
  disabled: false,
  active: createActiveCell(),
  errorColor: '#ff4d4f',
  onCellBlur: () => undefined,
});
