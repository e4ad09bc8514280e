import type { FieldDef, SearchItem, ServedModel } from '../../model/types';
import { requireFieldDef } from '../modelText';

export type SearchMode = 'eq' | 'like' | 'range';

export const KEYWORD = 'keyword';

export type SearchEntry =
  { kind: 'keyword' } | { kind: 'field'; name: string; def: FieldDef; mode: SearchMode; component?: string; props?: Record<string, unknown> };

/** eq for picked values (dictionary, enum), range for dates and numbers, like for text. */
export function defaultSearchMode(def: FieldDef): SearchMode {
  if (def.dict || def.enum) return 'eq';
  if (def.type === 'date' || def.type === 'datetime' || def.type === 'integer' || def.type === 'number') return 'range';
  return 'like';
}

/** The model's list.search, with each field's definition and mode. */
export function searchEntries(served: ServedModel): SearchEntry[] {
  return (served.model.list?.search ?? []).map((raw: SearchItem): SearchEntry => {
    if (raw === KEYWORD) return { kind: 'keyword' };
    const item = typeof raw === 'string' ? { field: raw } : raw;
    const def = requireFieldDef(served, item.field, 'list.search');
    return {
      kind: 'field',
      name: item.field,
      def,
      mode: item.mode ?? defaultSearchMode(def),
      component: item['x-component'],
      props: item['x-component-props'],
    };
  });
}
