import { connect, mapReadPretty } from '@formily/react';
import { RecordPickerField, RecordPickerView } from './picker/RecordPickerField';
import { useFieldText } from './useFieldText';

/** spec 000 §2 / §9: dialog width 800; 20 rows a page, or up to 10,000 unpaged */
export const DATA_SELECT_WIDTH = 800;
export const DATA_SELECT_PAGE_SIZE = 20;

export interface DataSelectProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** the model to choose from, e.g. 'labSample.sample' */
  model: string;
  /** the field whose text stands for a chosen record */
  labelField: string;
  /** the fields shown in the dialog's table */
  columns: string[];
  multiple?: boolean;
  paged?: boolean;
  disabled?: boolean;
  placeholder?: string;
}

function DataSelectInput({ value, onChange, model, labelField, columns, multiple = false, paged = true, disabled, placeholder }: DataSelectProps) {
  const t = useFieldText();
  return (
    <RecordPickerField
      value={value}
      onChange={(next) => onChange?.(next)}
      model={model}
      labelField={labelField}
      columns={columns}
      multiple={multiple}
      paged={paged}
      pageSize={DATA_SELECT_PAGE_SIZE}
      title={t('picker.selectData')}
      width={DATA_SELECT_WIDTH}
      disabled={disabled}
      placeholder={placeholder ?? t('popup.placeholder')}
    />
  );
}

/** The data selection dialog ('select data'): keyword, reset, refresh, radio (or checkboxes), index column, paging. */
export const DataSelect = connect(DataSelectInput, mapReadPretty(RecordPickerView));
