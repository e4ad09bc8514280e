import { connect, mapReadPretty } from '@formily/react';
import { RecordPickerField, RecordPickerView } from './picker/RecordPickerField';
import { useFieldText } from './useFieldText';

/** spec 000 §3: the multi-user picker lists id, realname, username, phone, birthday, sex */
export const MULTI_USER_COLUMNS = ['realname', 'username', 'phone', 'birthday', 'sex'];

export interface MultiUserPickerProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  model?: string;
  labelField?: string;
  columns?: string[];
  disabled?: boolean;
  placeholder?: string;
}

function MultiUserInput({
  value,
  onChange,
  model = 'staff.user',
  labelField = 'realname',
  columns = MULTI_USER_COLUMNS,
  disabled,
  placeholder,
}: MultiUserPickerProps) {
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
      pageSize={10}
      pageSizeOptions={[10, 20, 30]}
      title={t('user.title')}
      width={900}
      disabled={disabled}
      placeholder={placeholder ?? t('user.placeholder')}
    />
  );
}

const MultiUserView = ({ value, model = 'staff.user', labelField = 'realname' }: MultiUserPickerProps) => (
  <RecordPickerView value={value} model={model} labelField={labelField} />
);

/** Chooses several users; the value is their ids, comma-joined. */
export const MultiUserPicker = connect(MultiUserInput, mapReadPretty(MultiUserView));
