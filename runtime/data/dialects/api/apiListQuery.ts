import type { ListParams } from '../../DataProvider';
import { encodeFilters, encodeKeyword, encodeSuperQuery } from '../../encodeFilters';
import type { QueryParams } from '../Dialect';

/**
 * `currentPage`, `pageSize`, `sidx`, `sort`, `keyword`, filters, `superQueryParams`,
 * `superQueryMatchType` (docs/api.md, api list). Without a sort the server's default applies.
 *
 * @example
 * toApiListQuery({ page: 1, pageSize: 20, sort: { field: 'sortCode', order: 'asc' }, keyword: '检测' });
 * // { currentPage: 1, pageSize: 20, sidx: 'sortCode', sort: 'asc', keyword: '检测' }
 */
export function toApiListQuery(params: ListParams): QueryParams {
  return {
    currentPage: params.page,
    pageSize: params.pageSize,
    ...(params.sort ? { sidx: params.sort.field, sort: params.sort.order } : {}),
    ...encodeKeyword(params.keyword),
    ...encodeFilters(params.filters),
    ...encodeSuperQuery(params.superQuery),
  };
}
