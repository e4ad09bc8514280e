import { Checkbox } from 'antd';
import type { CellEditorProps } from './CellProps';

/** customValue is [checked, unchecked] (default true / false) */
export function CheckboxCell({ value, column, disabled, onChange }: CellEditorProps) {
  const [on, off] = column.customValue ?? [true, false];
  return <Checkbox checked={value === on} disabled={disabled} aria-label={column.title} onChange={(event) => onChange(event.target.checked ? on : off)} />;
}
