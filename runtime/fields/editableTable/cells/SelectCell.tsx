import { Select } from 'antd';
import { useMemo } from 'react';
import { useDictOptions } from '../../dict/DictSourceContext';
import type { OptionDef } from '../tableColumns';
import type { CellEditorProps } from './CellProps';

const optionLabel = (option: OptionDef) => option.label ?? option.text ?? option.title ?? String(option.value);

/** A column's own options, then its dictionary's items (spec 000 §3: options, dictCode). */
export function useColumnOptions(options: OptionDef[] | undefined, dictCode: string | undefined) {
  const dict = useDictOptions(dictCode);
  return useMemo(() => {
    const own = (options ?? []).map((option) => ({ value: option.value, label: optionLabel(option) }));
    const known = new Set(own.map((option) => String(option.value)));
    return [...own, ...dict.options.filter((option) => !known.has(String(option.value))).map((option) => ({ value: option.value, label: option.text }))];
  }, [options, dict.options]);
}

export function SelectCell({ value, column, invalid, disabled, onChange, onBlur, autoFocus }: CellEditorProps) {
  const options = useColumnOptions(column.options, column.dictCode);
  return (
    <Select
      size="small"
      style={{ width: '100%' }}
      allowClear
      value={value === '' || value === null ? undefined : (value as string | number | undefined)}
      options={options}
      placeholder={column.placeholder}
      status={invalid ? 'error' : undefined}
      disabled={disabled}
      autoFocus={autoFocus}
      aria-label={column.title}
      onChange={(next) => onChange(next ?? '')}
      onBlur={onBlur}
    />
  );
}
