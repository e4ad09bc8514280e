import { connect, mapReadPretty, useField } from '@formily/react';
import type { Field } from '@formily/core';
import { toValue } from './picker/pickedValue';
import { PickerModal } from './picker/PickerModal';
import { PickerTrigger } from './picker/PickerTrigger';
import { RecordPickerView } from './picker/RecordPickerField';
import { RecordTreeView } from './picker/RecordTreeView';
import { useTreePicker } from './picker/useTreePicker';
import { useFieldText } from './useFieldText';

/** spec 000 §2: the department dialog is 500 px wide, 450 in the staff dialog */
export const DEPART_PICKER_WIDTH = { default: 500, staff: 450 } as const;

export interface DepartPickerProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  model?: string;
  labelField?: string;
  parentField?: string;
  multiple?: boolean;
  variant?: keyof typeof DEPART_PICKER_WIDTH;
  disabled?: boolean;
  placeholder?: string;
}

function DepartInput({
  value,
  onChange,
  model = 'system.depart',
  labelField = 'departName',
  parentField = 'parentId',
  multiple = false,
  variant = 'default',
  disabled,
  placeholder,
}: DepartPickerProps) {
  const t = useFieldText();
  const field = useField<Field>();
  const { open, setOpen, tree, ids, checked, setChecked, labels } = useTreePicker({ value, model, labelField, parentField });
  const confirm = () => {
    onChange?.(toValue(checked));
    setOpen(false);
    // spec 001 §5: confirming without a department marks the field invalid (when it is required)
    // (validate rejects with the errors it has just shown on the field)
    if (checked.length === 0) field.validate().catch(() => undefined);
  };
  return (
    <>
      <PickerTrigger
        ids={ids}
        labels={labels}
        multiple={multiple}
        disabled={disabled}
        placeholder={placeholder ?? t('depart.placeholder')}
        onOpen={() => setOpen(true)}
        onChange={(next) => onChange?.(toValue(next))}
      />
      <PickerModal open={open} title={t('depart.title')} width={DEPART_PICKER_WIDTH[variant]} onOk={confirm} onCancel={() => setOpen(false)}>
        <RecordTreeView tree={tree} multiple={multiple} checked={checked} onCheck={setChecked} searchPlaceholder={t('depart.search')} />
      </PickerModal>
    </>
  );
}

const DepartView = ({ value, model = 'system.depart', labelField = 'departName' }: DepartPickerProps) => (
  <RecordPickerView value={value} model={model} labelField={labelField} />
);

/** The department tree picker ('select department'): the whole tree, search by name on Enter; value: the ids. */
export const DepartPicker = connect(DepartInput, mapReadPretty(DepartView));
