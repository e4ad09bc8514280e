import { InputNumber, Space } from 'antd';

export type NumberRangeValue = [number | undefined, number | undefined];

export interface NumberRangeProps {
  id?: string;
  value?: NumberRangeValue;
  onChange?: (value: NumberRangeValue) => void;
  /** [from, to] placeholders */
  placeholder?: [string, string];
  disabled?: boolean;
}

const orUndefined = (value: number | string | null | undefined) => (typeof value === 'number' ? value : undefined);

/** Two numbers, from and to; plain antd, so the list's search bar uses it without Formily. */
export function NumberRangeInput({ id, value, onChange, placeholder, disabled }: NumberRangeProps) {
  const [from, to] = value ?? [undefined, undefined];
  return (
    <Space.Compact>
      <InputNumber id={id} value={from} placeholder={placeholder?.[0]} disabled={disabled} onChange={(next) => onChange?.([orUndefined(next), to])} />
      <InputNumber value={to} placeholder={placeholder?.[1]} disabled={disabled} onChange={(next) => onChange?.([from, orUndefined(next)])} />
    </Space.Compact>
  );
}
