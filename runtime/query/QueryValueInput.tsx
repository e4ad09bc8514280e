import { DatePicker, Input, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import type { SuperQueryRule } from '../data/DataProvider';
import type { DictOption } from '../fields/dict/DictSource';
import type { Translate } from '../RuntimeInstance';
import { useRuntime } from '../render/RuntimeProvider';
import type { QueryField } from './queryFields';
import type { QueryLine } from './queryLines';

export interface QueryValueInputProps {
  field: QueryField | undefined;
  rule: SuperQueryRule | undefined;
  value: QueryLine['val'];
  onChange(value: QueryLine['val']): void;
  t: Translate;
}

const DATE_FORMAT = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm:ss' } as const;

function useChoices(field: QueryField | undefined, t: Translate): { value: string; label: string }[] | undefined {
  const { dicts } = useRuntime();
  const [items, setItems] = useState<DictOption[] | undefined>(() => (field?.dict ? dicts.peek?.(field.dict) : undefined));
  useEffect(() => {
    if (!field?.dict) return;
    let live = true;
    void dicts.options(field.dict).then((options) => live && setItems(options));
    return () => {
      live = false;
    };
  }, [dicts, field?.dict]);
  if (!field) return undefined;
  if (field.dict) return (items ?? []).map((o) => ({ value: o.value, label: o.text }));
  if (field.enum) return field.enum.map((v) => ({ value: String(v), label: String(v) }));
  // yes/no as the server stores it (1/0)
  if (field.type === 'boolean')
    return [
      { value: '1', label: t('yes') },
      { value: '0', label: t('no') },
    ];
  return undefined;
}

/** The value of one condition, in the input its field and rule call for: choices, number, date or text. */
export function QueryValueInput({ field, rule, value, onChange, t }: QueryValueInputProps) {
  const choices = useChoices(field, t);
  const many = rule === 'in';
  const style = { width: '100%' };
  if (choices) {
    const current = many ? (Array.isArray(value) ? value.map(String) : []) : value === undefined || value === null || value === '' ? undefined : String(value);
    return (
      <Select
        aria-label={t('value')}
        style={style}
        placeholder={t('choose')}
        mode={many ? 'multiple' : undefined}
        allowClear
        options={choices}
        value={current}
        onChange={(v: string | string[] | undefined) => onChange(v ?? null)}
      />
    );
  }
  const single = Array.isArray(value) ? value.join(',') : value;
  if (!many && (field?.type === 'integer' || field?.type === 'number')) {
    return (
      <InputNumber
        aria-label={t('value')}
        style={style}
        placeholder={t('value')}
        precision={field.type === 'integer' ? 0 : undefined}
        value={single === undefined || single === null || single === '' ? null : Number(single)}
        onChange={(v) => onChange(v ?? null)}
      />
    );
  }
  if (!many && (field?.type === 'date' || field?.type === 'datetime')) {
    const format = DATE_FORMAT[field.type];
    const parsed = typeof single === 'string' && single ? dayjs(single) : null;
    return (
      <DatePicker
        aria-label={t('value')}
        style={style}
        showTime={field.type === 'datetime'}
        format={format}
        value={parsed?.isValid() ? parsed : null}
        onChange={(d) => onChange(d ? d.format(format) : null)}
      />
    );
  }
  return (
    <Input
      aria-label={t('value')}
      placeholder={t('value')}
      value={single === undefined || single === null ? '' : String(single)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
