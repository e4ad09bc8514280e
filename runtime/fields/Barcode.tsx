import { connect, mapProps, mapReadPretty } from '@formily/react';
import { Input, Space, Typography } from 'antd';
import JsBarcode from 'jsbarcode';
import { useEffect, useRef } from 'react';
import { useFieldText } from './useFieldText';

/** spec 000 §9: code128, bar width 4, height 40; spec 001 §5: letters and digits only */
export const BARCODE_DEFAULTS = { format: 'CODE128', width: 4, height: 40 } as const;
const BARCODE_TEXT = /^[A-Za-z0-9]+$/;

export function isBarcodeText(value: unknown): value is string {
  return typeof value === 'string' && BARCODE_TEXT.test(value);
}

export interface BarcodeViewProps {
  value?: unknown;
  width?: number;
  height?: number;
  displayValue?: boolean;
}

/** The barcode of `value`; nothing for an empty value, the refusal text for anything but letters and digits. */
export function BarcodeView({ value, width = BARCODE_DEFAULTS.width, height = BARCODE_DEFAULTS.height, displayValue = true }: BarcodeViewProps) {
  const svg = useRef<SVGSVGElement>(null);
  const t = useFieldText();
  const valid = isBarcodeText(value);
  useEffect(() => {
    if (valid && svg.current) JsBarcode(svg.current, value, { format: BARCODE_DEFAULTS.format, width, height, displayValue, margin: 0 });
  }, [valid, value, width, height, displayValue]);
  if (value === undefined || value === null || value === '') return null;
  if (!valid) return <Typography.Text type="warning">{t('barcode.invalid')}</Typography.Text>;
  return <svg ref={svg} role="img" aria-label={value} data-barcode={value} />;
}

interface BarcodeInputProps extends BarcodeViewProps {
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
}

function BarcodeInput({ value, onChange, disabled, placeholder, ...view }: BarcodeInputProps) {
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <Input value={typeof value === 'string' ? value : ''} disabled={disabled} placeholder={placeholder} onChange={(e) => onChange?.(e.target.value)} />
      <BarcodeView value={value} {...view} />
    </Space>
  );
}

/** A code128 barcode field: an input with the barcode under it; read-only, the barcode alone. */
export const Barcode = connect(
  BarcodeInput,
  mapProps((props, field) => ({ ...props, disabled: props.disabled ?? ('pattern' in field && field.pattern === 'disabled') })),
  mapReadPretty(BarcodeView),
);
