import { SearchOutlined } from '@ant-design/icons';
import { useField, useForm } from '@formily/react';
import { Alert, Input } from 'antd';
import { useState, type ReactNode } from 'react';
import { useFieldText } from '../useFieldText';
import { popupMapping, popupValues, type PopupConfig } from './popupConfig';

export interface PopupFieldProps extends PopupConfig {
  value?: string;
  onChange?: (value: string | undefined) => void;
  disabled?: boolean;
  placeholder?: string;
  /** the dialog to choose in: it calls onPick with the chosen records, or onClose */
  renderDialog(dialog: { code: string; pairs: [string, string][]; onPick(records: Record<string, unknown>[]): void; onClose(): void }): ReactNode;
}

/**
 * The input of the popup pickers (model records or report rows): a read-only box that opens the dialog;
 * the chosen records' source fields fill the form's target fields. A misconfigured popup shows what is
 * wrong instead of an input.
 */
export function PopupField({ value, onChange, code, sourceFields, targetFields, disabled, placeholder, renderDialog }: PopupFieldProps) {
  const t = useFieldText();
  const form = useForm();
  const field = useField();
  const [open, setOpen] = useState(false);
  const mapping = popupMapping({ code, sourceFields, targetFields });
  if ('problem' in mapping) {
    return <Alert type="error" showIcon message={t(mapping.problem.key, 'values' in mapping.problem ? mapping.problem.values : undefined)} />;
  }
  const own = String(field.props.name);
  const pick = (records: Record<string, unknown>[]) => {
    const values = popupValues(mapping.pairs, records);
    for (const [target, text] of Object.entries(values)) if (target !== own) form.setValuesIn(target, text);
    // the field itself shows its own target, or the first source field when it is not a target
    onChange?.(values[own] ?? popupValues([[mapping.pairs[0]![0], own]], records)[own]);
    setOpen(false);
  };
  return (
    <>
      <Input
        readOnly
        value={value ?? ''}
        disabled={disabled}
        placeholder={placeholder ?? t('popup.placeholder')}
        suffix={<SearchOutlined />}
        onClick={() => !disabled && setOpen(true)}
        onKeyDown={(event) => event.key === 'Enter' && !disabled && setOpen(true)}
      />
      {open ? renderDialog({ code: code as string, pairs: mapping.pairs, onPick: pick, onClose: () => setOpen(false) }) : null}
    </>
  );
}
