import { Button, Input, Select, Space } from 'antd';
import { Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { useDictOptions } from '../../fields/dict/DictSourceContext';
import type { ServedModel } from '../../model/types';
import { assertWidgetsRegistered } from '../form/assertWidgetsRegistered';
import { dictProps, enumOptions } from '../form/defaultComponent';
import { fieldLabel } from '../modelText';
import { useRenderText } from '../useRenderText';
import { useRuntime } from '../RuntimeProvider';
import { buildSearchSchema, searchPlaceholder, searchWidgetOf } from './buildSearchSchema';
import type { SearchCriteria } from './listQuery';
import { KEYWORD, searchEntries, type SearchEntry } from './searchEntries';
import { toSearchCriteria } from './toSearchCriteria';
import { lazyPart } from '../lazyPart';

// A model naming a widget of its own in list.search gets the Formily search form, loaded then; the built-in
// search widgets are plain antd, so that a list page does not download Formily before a form opens.
const SchemaSearchBar = lazyPart(async () => (await import('./SchemaSearchBar')).SchemaSearchBar);
const SearchDate = lazyPart(async () => (await import('./SearchDateInputs')).SearchDate);
const SearchDateRange = lazyPart(async () => (await import('./SearchDateInputs')).SearchDateRange);
const SearchNumber = lazyPart(async () => (await import('./SearchNumberInputs')).SearchNumber);
const SearchNumberRange = lazyPart(async () => (await import('./SearchNumberInputs')).SearchNumberRange);

const PLAIN_WIDGETS = new Set(['Input', 'Select', 'DictSelect', 'NumberPicker', 'NumberRange', 'DatePicker', 'DateRangePicker']);

type FieldEntry = Extract<SearchEntry, { kind: 'field' }>;
type Values = Record<string, unknown>;

export interface SearchBarProps {
  served: ServedModel;
  onSearch(criteria: SearchCriteria): void;
}

/** The list's search form (list.search): 查询 or Enter searches, 重置 clears and searches again. */
export function SearchBar({ served, onSearch }: SearchBarProps) {
  const { fields } = useRuntime();
  const t = useRenderText();
  const entries = useMemo(() => searchEntries(served), [served]);
  const plain = entries.every((entry) => entry.kind === 'keyword' || PLAIN_WIDGETS.has(searchWidgetOf(entry)));
  // a widget this runtime lacks is a model error, said at once (not after loading the form that would render it)
  useMemo(() => plain || assertWidgetsRegistered(buildSearchSchema(served, t), fields, `model ${served.model.id}: list.search`), [plain, served, t, fields]);
  if (!plain) {
    return (
      <Suspense fallback={null}>
        <SchemaSearchBar served={served} onSearch={onSearch} />
      </Suspense>
    );
  }
  return <PlainSearchBar served={served} entries={entries} onSearch={onSearch} />;
}

function PlainSearchBar({ served, entries, onSearch }: SearchBarProps & { entries: SearchEntry[] }) {
  const t = useRenderText();
  const idPrefix = useId();
  const [values, setValues] = useState<Values>({});
  const change = (name: string) => (value: unknown) => setValues((current) => ({ ...current, [name]: value }));
  const reset = () => {
    setValues({});
    onSearch(toSearchCriteria(served, {}));
  };

  return (
    <form
      role="search"
      style={{ marginBottom: 16 }}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(toSearchCriteria(served, values));
      }}
    >
      {/* a grid: fields in columns of at least 240 px (one column on a phone), the buttons aligned after them */}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', columnGap: 16, rowGap: 8, alignItems: 'center' }}>
        {entries.map((entry) => {
          const name = entry.kind === 'keyword' ? KEYWORD : entry.name;
          const id = `${idPrefix}-${name}`;
          const label = entry.kind === 'keyword' ? t('search.keyword') : fieldLabel(served, entry.name, t);
          const input =
            entry.kind === 'keyword' ? (
              <Input
                id={id}
                allowClear
                placeholder={t('search.keywordPlaceholder')}
                value={text(values[name])}
                onChange={(e) => change(name)(e.target.value)}
              />
            ) : (
              <SearchInput id={id} entry={entry} value={values[name]} onChange={change(name)} />
            );
          return (
            <div key={name} style={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
              <label htmlFor={id} style={{ flex: 'none', marginRight: 8, whiteSpace: 'nowrap' }}>
                {label}
              </label>
              <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
            </div>
          );
        })}
        <Space style={{ justifySelf: 'start' }}>
          <Button type="primary" htmlType="submit">
            {t('action.search')}
          </Button>
          <Button onClick={reset}>{t('action.reset')}</Button>
        </Space>
      </div>
    </form>
  );
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

interface SearchInputProps {
  id: string;
  entry: FieldEntry;
  value: unknown;
  onChange(value: unknown): void;
}

function SearchInput({ id, entry, value, onChange }: SearchInputProps): ReactNode {
  const t = useRenderText();
  const widget = searchWidgetOf(entry);
  const placeholder = searchPlaceholder(widget, t);
  const single = typeof placeholder === 'string' ? placeholder : undefined;
  const props = entry.props ?? {};
  switch (widget) {
    case 'DictSelect': {
      const { dictCode, valueType } = dictProps(widget, entry.def) as { dictCode: string; valueType: 'string' | 'number' };
      return <DictSearchSelect id={id} dictCode={dictCode} valueType={valueType} placeholder={single} value={value} onChange={onChange} {...props} />;
    }
    case 'Select':
      return (
        <Select
          id={id}
          allowClear
          style={{ width: '100%' }}
          options={enumOptions(entry.def)}
          placeholder={single}
          value={value}
          onChange={onChange}
          {...props}
        />
      );
    case 'NumberPicker':
    case 'NumberRange':
    case 'DatePicker':
    case 'DateRangePicker': {
      // each loads with the first list that searches by it (docs/client-budgets.md)
      const Lazy = { NumberPicker: SearchNumber, NumberRange: SearchNumberRange, DatePicker: SearchDate, DateRangePicker: SearchDateRange }[widget];
      return (
        <Suspense fallback={<Input disabled />}>
          <Lazy id={id} placeholder={placeholder} value={value} onChange={onChange} {...props} />
        </Suspense>
      );
    }
    default:
      return <Input id={id} allowClear placeholder={single} value={text(value)} onChange={(e) => onChange(e.target.value)} {...props} />;
  }
}

interface DictSearchSelectProps {
  id: string;
  dictCode: string;
  valueType: 'string' | 'number';
  placeholder?: string;
  value: unknown;
  onChange(value: unknown): void;
}

function DictSearchSelect({ dictCode, valueType, ...props }: DictSearchSelectProps) {
  const { options, loading } = useDictOptions(dictCode, valueType);
  const selectOptions = useMemo(() => options.map((option) => ({ value: option.value, label: option.text })), [options]);
  return <Select allowClear style={{ width: '100%' }} loading={loading} options={selectOptions} {...props} />;
}
