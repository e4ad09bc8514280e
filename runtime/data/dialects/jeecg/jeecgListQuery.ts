import type { ListParams } from '../../DataProvider';
import { encodeFilters, encodeKeyword, encodeSuperQuery } from '../../encodeFilters';
import type { QueryParams } from '../Dialect';

/**
 * `pageNo`, `pageSize`, `column`, `order`, `keyword`, filters, `superQueryParams`,
 * `superQueryMatchType` (docs/api.md, jeecg list). Without a sort the server's default applies.
 *
 * @example
 * toJeecgListQuery({ page: 2, pageSize: 10, sort: { field: 'createTime', order: 'desc' } });
 * // { pageNo: 2, pageSize: 10, column: 'createTime', order: 'desc' }
 */
export function toJeecgListQuery(params: ListParams): QueryParams {
  return {
    pageNo: params.page,
    pageSize: params.pageSize,
    ...(params.sort ? { column: params.sort.field, order: params.sort.order } : {}),
    ...encodeKeyword(params.keyword),
    ...encodeFilters(params.filters),
    ...encodeSuperQuery(params.superQuery),
  };
}
