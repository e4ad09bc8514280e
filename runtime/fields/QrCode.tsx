import { connect, mapReadPretty } from '@formily/react';
import { Input, QRCode as AntQRCode, Space } from 'antd';

/** spec 000 §2/§9: size 40, low error correction; svg scales when printed, canvas would blur */
export const QR_DEFAULTS = { size: 40, errorLevel: 'L' } as const;

export interface QrCodeViewProps {
  value?: unknown;
  size?: number;
  /** fields added to the payload; with them the code carries JSON `{...payload, value}` (the dynamic payload) */
  payload?: Record<string, string | number>;
}

/** The text a QR code carries: the value, or the dynamic payload as JSON. */
export function qrPayload(value: unknown, payload?: Record<string, string | number>): string {
  const text = value === undefined || value === null ? '' : String(value);
  if (!payload || Object.keys(payload).length === 0) return text;
  return JSON.stringify({ ...payload, value: text });
}

export function QrCodeView({ value, size = QR_DEFAULTS.size, payload }: QrCodeViewProps) {
  if (value === undefined || value === null || value === '') return null;
  return <AntQRCode value={qrPayload(value, payload)} size={size} errorLevel={QR_DEFAULTS.errorLevel} type="svg" bordered={false} />;
}

interface QrCodeInputProps extends QrCodeViewProps {
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
}

function QrCodeInput({ value, onChange, disabled, placeholder, ...view }: QrCodeInputProps) {
  return (
    <Space align="start">
      <Input value={typeof value === 'string' ? value : ''} disabled={disabled} placeholder={placeholder} onChange={(e) => onChange?.(e.target.value)} />
      <QrCodeView value={value} {...view} />
    </Space>
  );
}

/** A QR code field (antd QRCode): an input with its code; read-only, the code alone. */
export const QrCode = connect(QrCodeInput, mapReadPretty(QrCodeView));
