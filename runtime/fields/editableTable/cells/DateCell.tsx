import { Input } from 'antd';
import { cellText, type CellEditorProps } from './CellProps';

// the browser's own date input: a 500-row table cannot afford a date picker per cell
const toInput = (value: string, withTime: boolean) => (withTime ? value.replace(' ', 'T').slice(0, 19) : value.slice(0, 10));
const fromInput = (text: string, withTime: boolean) => {
  if (!withTime || text === '') return text;
  const [date, time = ''] = text.split('T');
  return `${date} ${time.length === 5 ? `${time}:00` : time}`;
};

/** date (YYYY-MM-DD) and datetime (YYYY-MM-DD HH:mm:ss) cells, spec 000 §9 formats */
export function DateCell({ value, column, invalid, disabled, onChange, onBlur, autoFocus }: CellEditorProps) {
  const withTime = column.type === 'datetime';
  return (
    <Input
      size="small"
      type={withTime ? 'datetime-local' : 'date'}
      step={withTime ? 1 : undefined}
      value={toInput(cellText(value), withTime)}
      status={invalid ? 'error' : undefined}
      disabled={disabled}
      autoFocus={autoFocus}
      aria-label={column.title}
      onChange={(event) => onChange(fromInput(event.target.value, withTime))}
      onBlur={onBlur}
    />
  );
}
