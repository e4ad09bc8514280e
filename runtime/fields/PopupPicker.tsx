import { SearchOutlined } from '@ant-design/icons';
import { connect, mapReadPretty, useField, useForm } from '@formily/react';
import { Alert, Input } from 'antd';
import { useState } from 'react';
import { popupMapping, popupValues, type PopupConfig } from './picker/popupConfig';
import { RecordPickerDialog } from './picker/RecordPickerDialog';
import { useModelSource } from './picker/useModelSource';
import { useFieldText } from './useFieldText';

/** spec 000 §9: popup select pages 20 rows, or 10,000 when paging is off */
export const POPUP_PAGE_SIZE = 20;

export interface PopupPickerProps extends PopupConfig {
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** the fields of the dialog's table (default: the source fields) */
  columns?: string[];
  multiple?: boolean;
  paged?: boolean;
  disabled?: boolean;
  placeholder?: string;
}

function PopupDialog({
  code,
  pairs,
  columns,
  multiple,
  paged,
  onPick,
  onClose,
}: {
  code: string;
  pairs: [string, string][];
  columns: string[];
  multiple: boolean;
  paged: boolean;
  onPick(records: Record<string, unknown>[]): void;
  onClose(): void;
}) {
  const t = useFieldText();
  const source = useModelSource(code);
  return (
    <RecordPickerDialog
      open
      source={source}
      title={t('picker.selectData')}
      width={800}
      labelField={pairs[0]?.[0] ?? 'id'}
      columns={columns}
      multiple={multiple}
      paged={paged}
      pageSize={POPUP_PAGE_SIZE}
      initial={[]}
      onOk={onPick}
      onCancel={onClose}
    />
  );
}

function PopupInput({ value, onChange, code, sourceFields, targetFields, columns, multiple = false, paged = true, disabled, placeholder }: PopupPickerProps) {
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
      {open ? (
        <PopupDialog
          code={code as string}
          pairs={mapping.pairs}
          columns={columns ?? mapping.pairs.map(([source]) => source)}
          multiple={multiple}
          paged={paged}
          onPick={pick}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

const PopupView = ({ value }: PopupPickerProps) => <span>{value ?? ''}</span>;

/**
 * The popup picker (JeecgBoot's j-popup): choose records of the model `code` and copy their source
 * fields into the form's target fields. A misconfigured popup shows what is wrong instead of an input.
 */
export const PopupPicker = connect(PopupInput, mapReadPretty(PopupView));
