import { useState } from 'react';
import type { DataRecord } from '../../data/DataProvider';
import { idsOf, labelOf, toValue } from './pickedValue';
import { PickerTrigger } from './PickerTrigger';
import { RecordPickerDialog, type RecordPickerDialogProps } from './RecordPickerDialog';
import { useModelSource } from './useModelSource';
import { useRecordLabels } from './useRecordLabels';

export interface RecordPickerFieldProps extends Pick<
  RecordPickerDialogProps,
  'columns' | 'multiple' | 'paged' | 'pageSize' | 'pageSizeOptions' | 'title' | 'width' | 'labelField' | 'selectedPane' | 'check'
> {
  value?: unknown;
  onChange?(value: string | undefined, records: DataRecord[]): void;
  /** the model read (e.g. 'system.user'), through its generic list and get endpoints */
  model: string;
  disabled?: boolean;
  placeholder: string;
}

/** A form field choosing records of one model in a dialog; the value is the chosen ids, comma-joined. */
export function RecordPickerField({ value, onChange, model, disabled, placeholder, ...dialog }: RecordPickerFieldProps) {
  const source = useModelSource(model);
  const [open, setOpen] = useState(false);
  const [known, setKnown] = useState<Record<string, string>>({});
  const ids = idsOf(value);
  const labels = useRecordLabels(source.status === 'ready' ? source.provider : undefined, ids, dialog.labelField, known);
  const pick = (records: DataRecord[]) => {
    setKnown((current) => ({ ...current, ...Object.fromEntries(records.map((record) => [record.id, labelOf(record, dialog.labelField)])) }));
    onChange?.(toValue(records.map((record) => record.id)), records);
  };
  return (
    <>
      <PickerTrigger
        ids={ids}
        labels={labels}
        multiple={dialog.multiple}
        disabled={disabled}
        placeholder={placeholder}
        onOpen={() => setOpen(true)}
        onChange={(next) => onChange?.(toValue(next), [])}
      />
      <RecordPickerDialog
        {...dialog}
        open={open}
        source={source}
        initial={ids.map((id) => ({ id, [dialog.labelField]: labels[id] }))}
        onOk={(records) => {
          pick(records);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

/** The read-only view: the chosen records' texts. */
export function RecordPickerView({ value, model, labelField }: { value?: unknown; model: string; labelField: string }) {
  const source = useModelSource(model);
  const ids = idsOf(value);
  const labels = useRecordLabels(source.status === 'ready' ? source.provider : undefined, ids, labelField, {});
  return <span>{ids.map((id) => labels[id] ?? '').join(', ')}</span>;
}
