import { connect, mapReadPretty } from '@formily/react';
import { InputNumber, Space } from 'antd';

export type NumberRangeValue = [number | undefined, number | undefined];

export interface NumberRangeProps {
  value?: NumberRangeValue;
  onChange?: (value: NumberRangeValue) => void;
  /** [from, to] placeholders */
  placeholder?: [string, string];
  disabled?: boolean;
}

const orUndefined = (value: number | string | null | undefined) => (typeof value === 'number' ? value : undefined);

function NumberRangeInput({ value, onChange, placeholder, disabled }: NumberRangeProps) {
  const [from, to] = value ?? [undefined, undefined];
  return (
    <Space.Compact>
      <InputNumber value={from} placeholder={placeholder?.[0]} disabled={disabled} onChange={(next) => onChange?.([orUndefined(next), to])} />
      <InputNumber value={to} placeholder={placeholder?.[1]} disabled={disabled} onChange={(next) => onChange?.([from, orUndefined(next)])} />
    </Space.Compact>
  );
}

function NumberRangeText({ value }: NumberRangeProps) {
  const [from, to] = value ?? [undefined, undefined];
  return <span>{`${from ?? ''} ~ ${to ?? ''}`}</span>;
}

/** Two numbers, from and to, for range search on number fields. */
export const NumberRange = connect(NumberRangeInput, mapReadPretty(NumberRangeText));
