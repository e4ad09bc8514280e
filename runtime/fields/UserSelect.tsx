import { connect, mapProps, mapReadPretty } from '@formily/react';
import { RecordPickerField, RecordPickerView } from './picker/RecordPickerField';
import { useFieldText } from './useFieldText';

export const USER_SELECT_WIDTH = 800;

export interface UserSelectProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  model?: string;
  labelField?: string;
  columns?: string[];
  /** named in 'Please select {title}' (the field's title, else 'approver') */
  title?: string;
  disabled?: boolean;
  placeholder?: string;
}

function UserSelectInput({
  value,
  onChange,
  model = 'system.user',
  labelField = 'realname',
  columns = ['realname', 'username'],
  title,
  disabled,
  placeholder,
}: UserSelectProps) {
  const t = useFieldText();
  const named = title || t('user.approver');
  return (
    <RecordPickerField
      value={value}
      onChange={(next) => onChange?.(next)}
      model={model}
      labelField={labelField}
      columns={columns}
      multiple={false}
      paged
      pageSize={10}
      title={t('user.title')}
      width={USER_SELECT_WIDTH}
      disabled={disabled}
      placeholder={placeholder ?? t('user.placeholder')}
      // spec 000 §5: confirming without a chosen user warns 'Please select {title}' for 1 s
      check={(records) => (records.length === 0 ? t('user.pleaseSelect', { title: named }) : undefined)}
    />
  );
}

const UserView = ({ value, model = 'system.user', labelField = 'realname' }: UserSelectProps) => (
  <RecordPickerView value={value} model={model} labelField={labelField} />
);

/** Chooses one user; the value is the user's id. */
export const UserSelect = connect(
  UserSelectInput,
  mapProps((props: UserSelectProps, field) => ({ ...props, title: props.title ?? (typeof field.title === 'string' ? field.title : undefined) })),
  mapReadPretty(UserView),
);
