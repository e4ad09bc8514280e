import { connect, mapReadPretty } from '@formily/react';
import { Radio, type RadioGroupProps } from 'antd';
import { useMemo } from 'react';
import { useDictOptions, type DictValueType } from './dict/DictSourceContext';
import { DictTag } from './DictTag';

export interface DictRadioProps extends Omit<RadioGroupProps, 'options'> {
  dictCode: string;
  /** 'number' for integer/number fields: dictionary values are strings, the field stores numbers */
  valueType?: DictValueType;
}

function DictRadioInput({ dictCode, valueType, ...props }: DictRadioProps) {
  const { options } = useDictOptions(dictCode, valueType);
  const radioOptions = useMemo(() => options.map((option) => ({ value: option.value, label: option.text })), [options]);
  return <Radio.Group options={radioOptions} {...props} />;
}

/** Radio buttons over one dictionary's items; read-only it shows the item's coloured tag. */
export const DictRadio = connect(DictRadioInput, mapReadPretty(DictTag));
