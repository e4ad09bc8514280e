import { connect, mapReadPretty, useForm } from '@formily/react';
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
  /**
   * a dependent lookup: only the rows whose `field` equals the form's `source` field are offered (professions
   * of the chosen certificate type), none while `source` is empty; a choice that stops fitting is dropped
   */
  filterBy?: { field: string; source: string };
}

interface Option {
  value: string;
  label: string;
  /** the row's value of filterBy.field */
  group?: string;
}

/** The lookup's rows as options: an array (jeecg result) or {list} (api data). */
function optionsOf(data: unknown, valueField: string, labelField: string, groupField: string | undefined): Option[] {
  const rows = Array.isArray(data) ? data : Array.isArray((data as { list?: unknown })?.list) ? (data as { list: unknown[] }).list : [];
  return rows.flatMap((row) => {
    const record = row as Record<string, unknown>;
    const value = record[valueField];
    if (value === undefined || value === null || value === '') return [];
    const label = record[labelField];
    const group = groupField ? record[groupField] : undefined;
    return [
      {
        value: String(value),
        label: label === undefined || label === null || label === '' ? String(value) : String(label),
        ...(group === undefined || group === null ? {} : { group: String(group) }),
      },
    ];
  });
}

function useLookupOptions(url: string, valueField: string, labelField: string, groupField?: string) {
  const { http } = useRuntime();
  const [state, setState] = useState<{ loading: boolean; options: Option[] }>({ loading: true, options: [] });
  useEffect(() => {
    const controller = new AbortController();
    setState({ loading: true, options: [] });
    http.get<unknown>(url, undefined, { signal: controller.signal }).then(
      (response) => !controller.signal.aborted && setState({ loading: false, options: optionsOf(response.data, valueField, labelField, groupField) }),
      () => !controller.signal.aborted && setState({ loading: false, options: [] }),
    );
    return () => controller.abort();
  }, [http, url, valueField, labelField, groupField]);
  return state;
}

/** the value of the form's `source` field, followed as it changes (undefined without filterBy) */
function useSourceValue(source: string | undefined): string | undefined {
  const form = useForm();
  const read = () => (source ? String(form.getValuesIn(source) ?? '') : undefined);
  const [value, setValue] = useState(read);
  useEffect(() => {
    if (!source) return undefined;
    const update = () => setValue(String(form.getValuesIn(source) ?? ''));
    update();
    const id = form.subscribe(update);
    return () => form.unsubscribe(id);
  }, [form, source]);
  return value;
}

function LookupInput({ value, onChange, url, valueField = 'code', labelField = 'name', multiple = false, disabled, placeholder, filterBy }: LookupSelectProps) {
  const t = useFieldText();
  const { loading, options: all } = useLookupOptions(url, valueField, labelField, filterBy?.field);
  const source = useSourceValue(filterBy?.source);
  const options = useMemo(() => (filterBy ? all.filter((option) => source !== '' && option.group === source) : all), [all, filterBy, source]);
  const selected = idsOf(value);
  // a choice that no longer fits the source (another certificate type chosen) is dropped, once the rows are in
  const fitting = filterBy && !loading ? selected.filter((id) => options.some((option) => option.value === id)) : selected;
  const stale = fitting.length !== selected.length;
  useEffect(() => {
    if (stale) onChange?.(fitting.length > 0 ? toValue(fitting) : undefined);
  }, [stale, fitting, onChange]);
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? fitting : fitting[0]}
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
