import { SearchOutlined } from '@ant-design/icons';
import { Select } from 'antd';

export interface PickerTriggerProps {
  ids: string[];
  labels: Record<string, string>;
  multiple: boolean;
  disabled?: boolean;
  placeholder: string;
  onOpen(): void;
  onChange(ids: string[]): void;
}

/**
 * The field a picker shows in a form: the chosen texts (tags when several), a clear button, and the
 * dialog opening on click or Enter instead of a drop-down.
 */
export function PickerTrigger({ ids, labels, multiple, disabled, placeholder, onOpen, onChange }: PickerTriggerProps) {
  return (
    <Select<string | string[]>
      mode={multiple ? 'multiple' : undefined}
      open={false}
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      value={multiple ? ids : ids[0]}
      options={ids.map((id) => ({ value: id, label: labels[id] ?? id }))}
      suffixIcon={<SearchOutlined />}
      onClick={() => !disabled && onOpen()}
      onKeyDown={(event) => event.key === 'Enter' && !disabled && onOpen()}
      onChange={(next) => onChange(next === undefined ? [] : Array.isArray(next) ? next : [next])}
      style={{ width: '100%' }}
    />
  );
}
