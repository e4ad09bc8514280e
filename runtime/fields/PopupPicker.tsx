import { connect, mapReadPretty } from '@formily/react';
import { PopupField } from './picker/PopupField';
import type { PopupConfig } from './picker/popupConfig';
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

function PopupInput({ columns, multiple = false, paged = true, ...props }: PopupPickerProps) {
  return (
    <PopupField
      {...props}
      renderDialog={({ code, pairs, onPick, onClose }) => (
        <PopupDialog
          code={code}
          pairs={pairs}
          columns={columns ?? pairs.map(([source]) => source)}
          multiple={multiple}
          paged={paged}
          onPick={onPick}
          onClose={onClose}
        />
      )}
    />
  );
}

const PopupView = ({ value }: PopupPickerProps) => <span>{value ?? ''}</span>;

/**
 * The popup picker (JeecgBoot's j-popup): choose records of the model `code` and copy their source
 * fields into the form's target fields. A misconfigured popup shows what is wrong instead of an input.
 */
export const PopupPicker = connect(PopupInput, mapReadPretty(PopupView));
