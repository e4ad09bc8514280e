import { connect, mapReadPretty } from '@formily/react';
import { Select, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useRuntime } from '../render/RuntimeProvider';
import { idsOf, toValue } from './picker/pickedValue';
import { useFieldText } from './useFieldText';

export interface LookupSelectProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** a model's lookup route (api.lookups), e.g. /sys/position/select -> [{code, name}] */
  url: string;
  valueField?: string;
  labelField?: string;
  /** several values, comma-joined (the JeecgBoot convention) */
  multiple?: boolean;
  disabled?: boolean;
  placeholder?: string;
}

interface Option {
  value: string;
  label: string;
}

/** The lookup's rows as options: an array (jeecg result) or {list} (api data). */
function optionsOf(data: unknown, valueField: string, labelField: string): Option[] {
  const rows = Array.isArray(data) ? data : Array.isArray((data as { list?: unknown })?.list) ? (data as { list: unknown[] }).list : [];
  return rows.flatMap((row) => {
    const record = row as Record<string, unknown>;
    const value = record[valueField];
    if (value === undefined || value === null || value === '') return [];
    const label = record[labelField];
    return [{ value: String(value), label: label === undefined || label === null || label === '' ? String(value) : String(label) }];
  });
}

function useLookupOptions(url: string, valueField: string, labelField: string) {
  const { http } = useRuntime();
  const [state, setState] = useState<{ loading: boolean; options: Option[] }>({ loading: true, options: [] });
  useEffect(() => {
    const controller = new AbortController();
    setState({ loading: true, options: [] });
    http.get<unknown>(url, undefined, { signal: controller.signal }).then(
      (response) => !controller.signal.aborted && setState({ loading: false, options: optionsOf(response.data, valueField, labelField) }),
      () => !controller.signal.aborted && setState({ loading: false, options: [] }),
    );
    return () => controller.abort();
  }, [http, url, valueField, labelField]);
  return state;
}

function LookupInput({ value, onChange, url, valueField = 'code', labelField = 'name', multiple = false, disabled, placeholder }: LookupSelectProps) {
  const t = useFieldText();
  const { loading, options } = useLookupOptions(url, valueField, labelField);
  const selected = idsOf(value);
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? selected : selected[0]}
      disabled={disabled}
      placeholder={placeholder ?? t('searchSelect.placeholder')}
      options={options}
      loading={loading}
      notFoundContent={loading ? <Spin size="small" /> : t('searchSelect.notFound')}
      onChange={(next: string | string[] | undefined) => onChange?.(Array.isArray(next) ? toValue(next) : next || undefined)}
    />
  );
}

function LookupView({ value, url, valueField = 'code', labelField = 'name' }: LookupSelectProps) {
  const { options } = useLookupOptions(url, valueField, labelField);
  const labels = useMemo(() => new Map(options.map((option) => [option.value, option.label])), [options]);
  return (
    <span>
      {idsOf(value)
        .map((id) => labels.get(id) ?? id)
        .join(',')}
    </span>
  );
}

/** A select over a model's lookup route (its options loaded once): positions by code for the staff form's post. */
export const LookupSelect = connect(LookupInput, mapReadPretty(LookupView));
