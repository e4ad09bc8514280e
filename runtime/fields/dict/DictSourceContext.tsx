import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { DictOption, DictSource } from './DictSource';

const EMPTY_SOURCE: DictSource = { options: async () => [], peek: () => [] };
const DictSourceContext = createContext<DictSource>(EMPTY_SOURCE);

/** Hands a dictionary source to the dictionary widgets below it (RuntimeProvider does this). */
export function DictSourceProvider({ source, children }: { source: DictSource; children?: ReactNode }) {
  return <DictSourceContext.Provider value={source}>{children}</DictSourceContext.Provider>;
}

export function useDictSource(): DictSource {
  return useContext(DictSourceContext);
}

/** Dictionary items as the widget's value type: numeric fields store numbers, so their options must be numbers. */
export type DictValueType = 'string' | 'number';
export interface TypedDictOption extends Omit<DictOption, 'value'> {
  value: string | number;
}

function typed(options: DictOption[], valueType: DictValueType | undefined): TypedDictOption[] {
  if (valueType !== 'number') return options;
  return options.map((option) => ({ ...option, value: Number(option.value) }));
}

/** The items of one dictionary code; [] while loading or when the code is missing or unknown. */
export function useDictOptions(code: string | undefined, valueType?: DictValueType): { options: TypedDictOption[]; loading: boolean } {
  const source = useDictSource();
  const [state, setState] = useState(() => ({ code, options: code ? source.peek?.(code) : [] }));
  const current = state.code === code ? state.options : code ? source.peek?.(code) : [];

  useEffect(() => {
    if (!code || current) return;
    let alive = true;
    source.options(code).then(
      (options) => alive && setState({ code, options }),
      () => alive && setState({ code, options: [] }),
    );
    return () => {
      alive = false;
    };
  }, [code, current, source]);

  const options = useMemo(() => typed(current ?? [], valueType), [current, valueType]);
  return { options, loading: current === undefined };
}

/** The item whose value matches (dictionary values are strings; field values may be numbers). */
export function findDictOption<T extends { value: string | number }>(options: T[], value: unknown): T | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return options.find((option) => String(option.value) === String(value));
}
