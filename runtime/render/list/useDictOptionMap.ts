import { useEffect, useMemo, useState } from 'react';
import type { DictOption } from '../../fields/dict/DictSource';
import { useDictSource } from '../../fields/dict/DictSourceContext';
import type { ServedModel } from '../../model/types';

/** The items of every dictionary the model's fields use, loaded once per page (cells read colours from it). */
export function useDictOptionMap(served: ServedModel): ReadonlyMap<string, DictOption[]> {
  const source = useDictSource();
  const codes = useMemo(() => [...new Set(Object.values(served.model.entity.fields).flatMap((def) => (def.dict ? [def.dict] : [])))], [served]);
  const [map, setMap] = useState<ReadonlyMap<string, DictOption[]>>(() => new Map());

  useEffect(() => {
    let alive = true;
    Promise.all(codes.map(async (code) => [code, await source.options(code)] as const)).then(
      (entries) => alive && setMap(new Map(entries)),
      () => undefined, // colours are a nicety: the texts come with the records
    );
    return () => {
      alive = false;
    };
  }, [codes, source]);

  return map;
}
