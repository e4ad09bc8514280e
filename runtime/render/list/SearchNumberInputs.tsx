import { InputNumber } from 'antd';
import { NumberRangeInput, type NumberRangeValue } from '../../fields/NumberRangeInput';

// The search bar's number widgets, loaded with the first list that searches by a number: antd's InputNumber
// (rc-input-number and its decimal arithmetic) is not on a list page that searches by text alone.

export interface SearchNumberProps {
  id?: string;
  value?: unknown;
  onChange(value: unknown): void;
  placeholder?: string | [string, string];
}

export function SearchNumber({ id, value, onChange, placeholder, ...props }: SearchNumberProps) {
  return (
    <InputNumber
      id={id}
      style={{ width: '100%' }}
      placeholder={typeof placeholder === 'string' ? placeholder : undefined}
      value={value as number | undefined}
      onChange={onChange}
      {...props}
    />
  );
}

export function SearchNumberRange({ id, value, onChange, placeholder, ...props }: SearchNumberProps) {
  return (
    <NumberRangeInput
      id={id}
      placeholder={Array.isArray(placeholder) ? (placeholder as [string, string]) : undefined}
      value={value as NumberRangeValue | undefined}
      onChange={onChange}
      {...props}
    />
  );
}
