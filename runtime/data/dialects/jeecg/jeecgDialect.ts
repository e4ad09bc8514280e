import { assertEnvelope, type RequestContext } from '../../assertEnvelope';
import type { DataRecord, ListParams, ListResult } from '../../DataProvider';
import type { Dialect, DialectRequest, RecordInput, RecordOperation, Route } from '../Dialect';
import { isObject } from '../envelopeFields';
import { fillId, withPayload } from '../recordRequests';
import { fromJeecgEnvelope, isJeecgEnvelope, JEECG_ENVELOPE_SHAPE } from './jeecgEnvelope';
import { toJeecgListQuery } from './jeecgListQuery';

interface JeecgPage {
  records: DataRecord[];
  total: number;
  current?: number;
  size?: number;
}

const PAGE_SHAPE = 'result: {records: [], total: number, size: number, current: number, pages: number}';

function isJeecgPage(data: unknown): data is JeecgPage {
  return isObject(data) && Array.isArray(data.records) && typeof data.total === 'number';
}

/**
 * The Jeecg family (JeecgBoot 2.4 conventions), base B:
 * - list        GET B/list?pageNo&pageSize&column&order&keyword&<filters>&superQueryParams&superQueryMatchType
 * - get         GET B/queryById?id=
 * - create      POST B/add (JSON)
 * - update      PUT B/edit (JSON with id, version)
 * - delete      DELETE B/delete?id=
 * - deleteBatch DELETE B/deleteBatch?ids=a,b
 * - state       PUT B/editState (JSON {id})
 * - a named operation: its route; `{id}` in the path, else the id in the body (query for GET/DELETE);
 *   checked rows as `ids=a,b` (comma-joined, as deleteBatch)
 * A path that an override gives an `{id}` placeholder carries the id there instead of in the query.
 *
 * @example
 * jeecgDialect.encodeRecordRequest('delete', { method: 'DELETE', path: '/sys/position/delete' }, { id: '7' });
 * // { method: 'DELETE', url: '/sys/position/delete', params: { id: '7' } }
 */
export const jeecgDialect: Dialect = {
  name: 'jeecg',
  envelopeShape: JEECG_ENVELOPE_SHAPE,
  importFileField: 'files[]',
  isEnvelope: isJeecgEnvelope,

  decodeEnvelope(body: unknown, ctx: RequestContext) {
    assertEnvelope(body, isJeecgEnvelope, JEECG_ENVELOPE_SHAPE, ctx);
    return fromJeecgEnvelope(body);
  },

  encodeListQuery: toJeecgListQuery,

  decodePage(data: unknown, params: ListParams, ctx: RequestContext): ListResult {
    assertEnvelope(data, isJeecgPage, PAGE_SHAPE, ctx, 'CL_ERR_CONTRACT_PAYLOAD');
    return { records: data.records, total: data.total, page: data.current ?? params.page, pageSize: data.size ?? params.pageSize };
  },

  encodeOperationRequest(route: Route, input: RecordInput): DialectRequest {
    const { url, filled } = fillId(route.path, input.id);
    return withPayload(route.method, url, { ...input.values, ...(input.id !== undefined && !filled ? { id: input.id } : {}), ...(input.ids ? { ids: input.ids.join(',') } : {}) });
  },

  encodeRecordRequest(operation: RecordOperation, route: Route, input: RecordInput): DialectRequest {
    const { url, filled } = fillId(route.path, input.id);
    const idQuery = filled ? undefined : { id: input.id ?? '' };
    switch (operation) {
      case 'get':
      case 'delete':
        return idQuery ? { method: route.method, url, params: idQuery } : { method: route.method, url };
      case 'deleteBatch':
        return { method: route.method, url, params: { ids: (input.ids ?? []).join(',') } };
      case 'create':
        return withPayload(route.method, url, input.values ?? {});
      case 'update':
        return withPayload(route.method, url, { ...input.values, id: input.id });
      case 'state':
        return withPayload(route.method, url, { id: input.id });
    }
  },
};
