import { connect, mapReadPretty } from '@formily/react';
import { InputNumber, Space, Typography } from 'antd';
import { amountInCapitals } from '../calc/amountInCapitals';

export interface AmountCapitalsViewProps {
  value?: unknown;
  /** also show the number before the capitals */
  showNumber?: boolean;
}

/** An amount in Chinese capitals ('' for negative or non-numeric, 金额过大无法计算 over 12 integer digits). */
export function AmountCapitalsView({ value, showNumber = false }: AmountCapitalsViewProps) {
  const capitals = amountInCapitals(value);
  if (!showNumber) return <span data-capitals>{capitals}</span>;
  return (
    <Space size={8}>
      <span>{value === undefined || value === null ? '' : String(value)}</span>
      <Typography.Text type="secondary" data-capitals>
        {capitals}
      </Typography.Text>
    </Space>
  );
}

interface AmountCapitalsInputProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  disabled?: boolean;
  placeholder?: string;
  precision?: number;
}

function AmountCapitalsInput({ value, onChange, disabled, placeholder, precision = 2 }: AmountCapitalsInputProps) {
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <InputNumber
        value={value}
        min={0}
        precision={precision}
        disabled={disabled}
        placeholder={placeholder}
        style={{ width: '100%' }}
        onChange={(next) => onChange?.(next)}
      />
      <Typography.Text type="secondary" data-capitals>
        {amountInCapitals(value)}
      </Typography.Text>
    </Space>
  );
}

/** A money field that shows its amount in Chinese capitals under the input and in the detail view. */
export const AmountCapitals = connect(AmountCapitalsInput, mapReadPretty(AmountCapitalsView, { showNumber: true }));
