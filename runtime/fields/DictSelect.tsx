import { connect, mapReadPretty } from '@formily/react';
import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { useDictOptions, type DictValueType } from './dict/DictSourceContext';
import { DictTag } from './DictTag';

export interface DictSelectProps extends Omit<SelectProps, 'options'> {
  dictCode: string;
  /** 'number' for integer/number fields: dictionary values are strings, the field stores numbers */
  valueType?: DictValueType;
}

function DictSelectInput({ dictCode, valueType, ...props }: DictSelectProps) {
  const { options, loading } = useDictOptions(dictCode, valueType);
  const selectOptions = useMemo(() => options.map((option) => ({ value: option.value, label: option.text })), [options]);
  return <Select allowClear loading={loading} options={selectOptions} {...props} />;
}

/** A select over one dictionary's items; read-only it shows the item's coloured tag. */
export const DictSelect = connect(DictSelectInput, mapReadPretty(DictTag));
