import { Input } from 'antd';
import { acceptNumberKeystroke, numberOnBlur } from '../../../validation/numberKeystroke';
import { cellText, type CellEditorProps } from './CellProps';

/**
 * spec 000 §5: only an optional minus, digits and one decimal point are typed (any other keystroke
 * reverts); on blur a valid text becomes a number and an invalid one is cleared.
 */
export function NumberCell({ value, column, invalid, disabled, onChange, onBlur, autoFocus }: CellEditorProps) {
  const text = cellText(value);
  return (
    <Input
      size="small"
      inputMode="decimal"
      value={text}
      placeholder={column.placeholder}
      status={invalid ? 'error' : undefined}
      disabled={disabled}
      autoFocus={autoFocus}
      aria-label={column.title}
      onChange={(event) => {
        const next = acceptNumberKeystroke(text, event.target.value);
        if (next !== text) onChange(next);
      }}
      onBlur={() => {
        const settled = numberOnBlur(text);
        if (settled !== value) onChange(settled);
        onBlur?.();
      }}
    />
  );
}
