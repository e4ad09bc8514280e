import { useEffect, useMemo, useState } from 'react';
import type { DictOption, DictSource } from '../../fields/dict/DictSource';
import { useDictSource } from '../../fields/dict/DictSourceContext';
import type { ServedModel } from '../../model/types';

/**
 * The items of the dictionaries `codes` the source already holds (peek), or null when one of them is
 * still to be loaded. No codes: an empty map, at once.
 */
export function peekDictOptions(source: DictSource, codes: readonly string[]): Map<string, DictOption[]> | null {
  const map = new Map<string, DictOption[]>();
  for (const code of codes) {
    const options = source.peek?.(code);
    if (options === undefined) return null;
    map.set(code, options);
  }
  return map;
}

/**
 * The items of every dictionary the model's fields use, loaded once per page (cells read colours from it).
 * Taken at once when the source holds them (the session's cached dictionaries), so the list's first render
 * has them: waiting for an effect to set them would render the whole list a second time, before its rows paint.
 */
export function useDictOptionMap(served: ServedModel): ReadonlyMap<string, DictOption[]> {
  const source = useDictSource();
  const codes = useMemo(() => [...new Set(Object.values(served.model.entity.fields).flatMap((def) => (def.dict ? [def.dict] : [])))], [served]);
  const peeked = useMemo(() => peekDictOptions(source, codes), [source, codes]);
  const key = codes.join('\u0000');
  const [loaded, setLoaded] = useState<{ key: string; source: DictSource; map: ReadonlyMap<string, DictOption[]> } | null>(null);

  useEffect(() => {
    if (peeked) return;
    let alive = true;
    Promise.all(codes.map(async (code) => [code, await source.options(code)] as const)).then(
      (entries) => alive && setLoaded({ key, source, map: new Map(entries) }),
      () => undefined, // colours are a nicety: the texts come with the records
    );
    return () => {
      alive = false;
    };
  }, [codes, key, source, peeked]);

  if (peeked) return peeked;
  // until they have come (or when they were read for other dictionaries): no colours, the texts come with the records
  return loaded && loaded.key === key && loaded.source === source ? loaded.map : EMPTY;
}

const EMPTY: ReadonlyMap<string, DictOption[]> = new Map();
