import { connect, mapReadPretty } from '@formily/react';
import { RecordPickerField, RecordPickerView } from './picker/RecordPickerField';
import { useFieldText } from './useFieldText';

/** spec 000 §9 / 001 §9: width 900, 5 rows a page (5/10/20/30), the chosen-records table scrolls at 240 px */
export const BUSINESS_SELECT_WIDTH = 900;
export const BUSINESS_SELECT_PAGE_SIZES = [5, 10, 20, 30];
export const BUSINESS_SELECTED_SCROLL = 240;

export interface BusinessSelectProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  model: string;
  labelField: string;
  columns: string[];
  disabled?: boolean;
  placeholder?: string;
}

function BusinessSelectInput({ value, onChange, model, labelField, columns, disabled, placeholder }: BusinessSelectProps) {
  const t = useFieldText();
  return (
    <RecordPickerField
      value={value}
      onChange={(next) => onChange?.(next)}
      model={model}
      labelField={labelField}
      columns={columns}
      multiple
      paged
      pageSize={BUSINESS_SELECT_PAGE_SIZES[0] as number}
      pageSizeOptions={BUSINESS_SELECT_PAGE_SIZES}
      title={t('business.title')}
      width={BUSINESS_SELECT_WIDTH}
      selectedPane={{ scrollY: BUSINESS_SELECTED_SCROLL }}
      disabled={disabled}
      placeholder={placeholder ?? t('popup.placeholder')}
    />
  );
}

/** The business multi-select: records of any model chosen across pages, the chosen ones listed in their own pane. */
export const BusinessSelect = connect(BusinessSelectInput, mapReadPretty(RecordPickerView));
