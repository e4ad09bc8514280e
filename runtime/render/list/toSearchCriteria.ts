import type { FieldFilter } from '../../data/DataProvider';
import type { FieldDef, ServedModel } from '../../model/types';
import { KEYWORD, searchEntries, type SearchMode } from './searchEntries';
import type { SearchCriteria } from './listQuery';

type Scalar = string | number;

// An empty search box must not reach the server: LIKE '%%' costs 35x a query without it (budgets.md).
function present(value: unknown): Scalar | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

// A day range on a date-time field covers both whole days.
function rangeEnd(def: FieldDef, value: Scalar | undefined, time: string): Scalar | undefined {
  if (def.type === 'datetime' && typeof value === 'string' && value.length === 10) return `${value} ${time}`;
  return value;
}

function toFilter(def: FieldDef, mode: SearchMode, value: unknown): FieldFilter | undefined {
  if (mode === 'range') {
    const [rawFrom, rawTo] = Array.isArray(value) ? value : [];
    const from = rangeEnd(def, present(rawFrom), '00:00:00');
    const to = rangeEnd(def, present(rawTo), '23:59:59');
    if (from === undefined && to === undefined) return undefined;
    return { op: 'range', ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) };
  }
  const scalar = present(value);
  if (scalar === undefined) return undefined;
  return { op: mode, value: scalar };
}

/** The search bar's values as list criteria, dropping every empty value (never sends ''). */
export function toSearchCriteria(served: ServedModel, values: Record<string, unknown>): SearchCriteria {
  const criteria: SearchCriteria = { filters: {} };
  for (const entry of searchEntries(served)) {
    if (entry.kind === 'keyword') {
      const keyword = present(values[KEYWORD]);
      if (keyword !== undefined) criteria.keyword = String(keyword);
      continue;
    }
    const filter = toFilter(entry.def, entry.mode, values[entry.name]);
    if (filter) criteria.filters[entry.name] = filter;
  }
  return criteria;
}
