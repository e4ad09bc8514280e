import { assertEnvelope, type RequestContext } from '../../assertEnvelope';
import type { DataRecord, ListParams, ListResult } from '../../DataProvider';
import type { Dialect, DialectRequest, RecordInput, RecordOperation, Route } from '../Dialect';
import { isObject } from '../envelopeFields';
import { fillId, withPayload } from '../recordRequests';
import { API_ENVELOPE_SHAPE, fromApiEnvelope, isApiEnvelope } from './apiEnvelope';
import { toApiListQuery } from './apiListQuery';

interface ApiPage {
  list: DataRecord[];
  pagination?: { currentPage?: number; pageSize?: number; total: number };
}

const PAGE_SHAPE = 'data: {list: [], pagination: {currentPage: number, pageSize: number, total: number}} (or data: {list: []} unpaged)';

function isApiPage(data: unknown): data is ApiPage {
  if (!isObject(data) || !Array.isArray(data.list)) return false;
  return data.pagination === undefined || (isObject(data.pagination) && typeof data.pagination.total === 'number');
}

/**
 * The REST family (JNPF conventions), base B:
 * - list        GET B?currentPage&pageSize&sidx&sort&keyword&<filters>&superQueryParams&superQueryMatchType
 * - get         GET B/{id}
 * - create      POST B (JSON)
 * - update      PUT B/{id} (JSON with version)
 * - delete      DELETE B/{id}
 * - deleteBatch POST B/Actions/BatchDelete (JSON {ids: []})
 * - state       PUT B/{id}/Actions/State
 * - a named operation: its route; `{id}` in the path, else the id in the body (query for GET/DELETE);
 *   checked rows as `ids: []` with the values in the JSON body
 * An override path without `{id}` gets the id as a query parameter (get, delete) or in the body.
 *
 * @example
 * apiDialect.encodeRecordRequest('get', { method: 'GET', path: '/api/permission/Position/{id}' }, { id: 'a/b' });
 * // { method: 'GET', url: '/api/permission/Position/a%2Fb' }
 */
export const apiDialect: Dialect = {
  name: 'api',
  envelopeShape: API_ENVELOPE_SHAPE,
  importFileField: 'file',
  isEnvelope: isApiEnvelope,

  decodeEnvelope(body: unknown, ctx: RequestContext) {
    assertEnvelope(body, isApiEnvelope, API_ENVELOPE_SHAPE, ctx);
    return fromApiEnvelope(body);
  },

  encodeListQuery: toApiListQuery,

  decodePage(data: unknown, params: ListParams, ctx: RequestContext): ListResult {
    assertEnvelope(data, isApiPage, PAGE_SHAPE, ctx, 'CL_ERR_CONTRACT_PAYLOAD');
    if (!data.pagination) {
      // An unpaged answer is one page holding every record.
      return { records: data.list, total: data.list.length, page: 1, pageSize: Math.max(data.list.length, params.pageSize) };
    }
    const { currentPage, pageSize, total } = data.pagination;
    return { records: data.list, total, page: currentPage ?? params.page, pageSize: pageSize ?? params.pageSize };
  },

  encodeOperationRequest(route: Route, input: RecordInput): DialectRequest {
    const { url, filled } = fillId(route.path, input.id);
    return withPayload(route.method, url, { ...input.values, ...(input.id !== undefined && !filled ? { id: input.id } : {}), ...(input.ids ? { ids: input.ids } : {}) });
  },

  encodeRecordRequest(operation: RecordOperation, route: Route, input: RecordInput): DialectRequest {
    const { url, filled } = fillId(route.path, input.id);
    const idPayload = filled ? {} : { id: input.id };
    switch (operation) {
      case 'get':
      case 'delete':
        return filled ? { method: route.method, url } : { method: route.method, url, params: { id: input.id ?? '' } };
      case 'deleteBatch':
        return withPayload(route.method, url, { ids: input.ids ?? [] });
      case 'create':
        return withPayload(route.method, url, input.values ?? {});
      case 'update':
        return withPayload(route.method, url, { ...input.values, ...idPayload });
      case 'state':
        return filled ? { method: route.method, url } : withPayload(route.method, url, idPayload);
    }
  },
};
