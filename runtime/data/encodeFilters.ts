import type { FieldFilter, ListParams } from './DataProvider';
import type { QueryParams } from './dialects/Dialect';

type Scalar = string | number;

/** The Jeecg value conventions both dialects use for `<field>=<value>` (docs/api.md "Filters"). */
const PREFIX_SUFFIX: Record<Exclude<FieldFilter['op'], 'in' | 'range'>, [string, string]> = {
  eq: ['', ''],
  like: ['*', '*'],
  startsWith: ['', '*'],
  endsWith: ['*', ''],
  ne: ['!', ''],
  gt: ['>', ''],
  ge: ['>=', ''],
  lt: ['<', ''],
  le: ['<=', ''],
};

function isEmpty(value: Scalar | null | undefined): value is null | undefined | '' {
  return value === undefined || value === null || value === '';
}

/**
 * Filters as query parameters: `eq 'x'`, `like '*x*'`, `startsWith 'x*'`, `endsWith '*x'`, `ne '!x'`,
 * `gt '>x'`, `ge '>=x'`, `lt '<x'`, `le '<=x'`, `in 'a,b'`, range → `<field>_begin` / `<field>_end`.
 * Empty values are dropped, so a cleared search field simply disappears from the request.
 *
 * @example
 * encodeFilters({ fullName: { op: 'like', value: '检测' }, createTime: { op: 'range', from: '2024-01-01' } });
 * // { fullName: '*检测*', createTime_begin: '2024-01-01' }
 */
export function encodeFilters(filters: ListParams['filters']): QueryParams {
  const params: QueryParams = {};
  for (const [field, filter] of Object.entries(filters ?? {})) {
    if (filter.op === 'range') {
      if (!isEmpty(filter.from)) params[`${field}_begin`] = filter.from;
      if (!isEmpty(filter.to)) params[`${field}_end`] = filter.to;
    } else if (filter.op === 'in') {
      const values = filter.value.filter((v) => !isEmpty(v));
      if (values.length > 0) params[field] = values.join(',');
    } else if (!isEmpty(filter.value)) {
      const [prefix, suffix] = PREFIX_SUFFIX[filter.op];
      params[field] = prefix === '' && suffix === '' ? filter.value : `${prefix}${filter.value}${suffix}`;
    }
  }
  return params;
}

/**
 * The advanced query: `superQueryParams` = URI-encoded JSON of the conditions (the query string
 * encodes it once more on the wire, as Jeecg clients do), plus `superQueryMatchType`.
 */
export function encodeSuperQuery(superQuery: ListParams['superQuery']): QueryParams {
  if (!superQuery || superQuery.conditions.length === 0) return {};
  return {
    superQueryParams: encodeURIComponent(JSON.stringify(superQuery.conditions)),
    superQueryMatchType: superQuery.matchType,
  };
}

export function encodeKeyword(keyword: string | undefined): QueryParams {
  return keyword === undefined || keyword === '' ? {} : { keyword };
}
