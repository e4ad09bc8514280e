import { Input } from 'antd';
import { cellText, type CellEditorProps } from './CellProps';

export function InputCell({ value, column, invalid, disabled, onChange, onBlur, autoFocus }: CellEditorProps) {
  return (
    <Input
      size="small"
      value={cellText(value)}
      placeholder={column.placeholder}
      status={invalid ? 'error' : undefined}
      disabled={disabled}
      autoFocus={autoFocus}
      aria-label={column.title}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}
