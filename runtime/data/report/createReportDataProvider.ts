import { ApiError } from '../ApiError';
import { assertEnvelope, type RequestContext } from '../assertEnvelope';
import type { DataProvider, DataRecord, ListParams, ListResult } from '../DataProvider';
import type { QueryParams } from '../dialects/Dialect';
import { isObject } from '../dialects/envelopeFields';
import type { HttpClient } from '../HttpClient';
import { LONG_RUNNING_TIMEOUT_MS } from '../requestConventions';
import { sharedReportCache, type ReportCache } from './reportCache';

export const REPORT_API = '/online/cgreport/api';

/** A report parameter's value as the user gave it (sent as self_<name>). */
export type ReportParamValues = Record<string, string | number | null | undefined>;

export interface ReportProviderOptions {
  /** the report's parameters (query.params); absent ones take their default on the server */
  params?: ReportParamValues;
  /** when set, pages are kept 30 s per group (spec 001 §7) */
  groupId?: string;
  cache?: ReportCache;
}

interface ReportPage {
  total: number;
  records: Record<string, unknown>[];
  totals?: Record<string, unknown>;
}

const PAGE_SHAPE = 'result: {total: number, records: object[], totals?: object}';
const isReportPage = (value: unknown): value is ReportPage =>
  isObject(value) &&
  typeof value.total === 'number' &&
  Array.isArray(value.records) &&
  value.records.every(isObject) &&
  (value.totals === undefined || value.totals === null || isObject(value.totals));

const empty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The query string of getData / exportXls (docs/api.md "Online reports"): self_<param>, the search values
 * as typed (the report's model decides eq, like or a range; a range is <field>_begin / <field>_end),
 * the sort as column / order and the page as pageNo / pageSize.
 */
export function reportQuery(params: ListParams, values: ReportParamValues = {}, paged = true): QueryParams {
  const query: QueryParams = {};
  for (const [name, value] of Object.entries(values)) if (!empty(value)) query[`self_${name}`] = value!;
  for (const [field, filter] of Object.entries(params.filters ?? {})) {
    if (filter.op === 'range') {
      if (!empty(filter.from)) query[`${field}_begin`] = filter.from!;
      if (!empty(filter.to)) query[`${field}_end`] = filter.to!;
    } else if (filter.op === 'in') {
      if (filter.value.length > 0) query[field] = filter.value.join(',');
    } else if (!empty(filter.value)) query[field] = filter.value;
  }
  if (params.sort) Object.assign(query, { column: params.sort.field, order: params.sort.order });
  if (paged) Object.assign(query, { pageNo: params.page, pageSize: params.pageSize });
  return query;
}

/** A stable key of one request (parameter order does not matter). */
const keyOf = (url: string, query: QueryParams) =>
  `${url}?${Object.keys(query)
    .sort()
    .map((k) => `${k}=${String(query[k])}`)
    .join('&')}`;

function readOnly(reportId: string): ApiError {
  return new ApiError({
    kind: 'contract',
    message: `report "${reportId}" is read-only: it has no records to get, create, change or import`,
    status: 0,
    code: 0,
    url: `${REPORT_API}/getData/${reportId}`,
    method: '',
    dialect: 'jeecg',
    errorCode: 'CL_ERR_OPERATION_OFF',
  });
}

/**
 * The DataProvider of a report (a model of screen kind `query`): list reads getData, exportFile reads
 * exportXls; a report writes nothing, so every write rejects. Report rows have no id of their own (a
 * grouped row is no record): each row gets its position in the result as id, unless the report
 * outputs an `id`.
 *
 * @example
 * const expiring = createReportDataProvider('labReports.certificatesExpiring', http, { params: { days: 60 } });
 * const { records, total } = await expiring.list({ page: 1, pageSize: 10 });
 */
export function createReportDataProvider(reportId: string, http: HttpClient, options: ReportProviderOptions = {}): DataProvider {
  const id = encodeURIComponent(reportId);
  const dataUrl = `${REPORT_API}/getData/${id}`;
  const cache = options.cache ?? sharedReportCache;
  const ctx: RequestContext = { dialect: 'jeecg', method: 'GET', url: dataUrl };

  async function fetchPage(query: QueryParams, signal?: AbortSignal): Promise<ReportPage> {
    // a cached page is shared: one caller's abort must not cancel it for the others
    const response = await http.get<unknown>(dataUrl, query, { signal: options.groupId ? undefined : signal });
    assertEnvelope(response.data, isReportPage, PAGE_SHAPE, ctx, 'CL_ERR_CONTRACT_PAYLOAD');
    return response.data;
  }

  return {
    async list(params): Promise<ListResult> {
      const query = reportQuery(params, options.params);
      const { groupId } = options;
      const page = groupId ? await cache.read(groupId, keyOf(dataUrl, query), () => fetchPage(query)) : await fetchPage(query, params.signal);
      const offset = (params.page - 1) * params.pageSize;
      const records = page.records.map((row, index): DataRecord => ({ ...row, id: empty(row.id) ? `row-${offset + index + 1}` : String(row.id) }));
      return { records, total: page.total, page: params.page, pageSize: params.pageSize, ...(page.totals ? { totals: page.totals } : {}) };
    },
    async exportFile(params, exportOptions = {}) {
      const response = await http.request<Blob>('GET', `${REPORT_API}/exportXls/${id}`, {
        params: reportQuery(params, options.params, false),
        signal: exportOptions.signal,
        responseType: 'blob',
        timeoutMs: LONG_RUNNING_TIMEOUT_MS,
        onDownloadProgress: exportOptions.onProgress,
      });
      return response.data;
    },
    get: () => Promise.reject(readOnly(reportId)),
    create: () => Promise.reject(readOnly(reportId)),
    update: () => Promise.reject(readOnly(reportId)),
    remove: () => Promise.reject(readOnly(reportId)),
    removeMany: () => Promise.reject(readOnly(reportId)),
    toggleState: () => Promise.reject(readOnly(reportId)),
    callOperation: () => Promise.reject(readOnly(reportId)),
    importFile: () => Promise.reject(readOnly(reportId)),
    importTemplate: () => Promise.reject(readOnly(reportId)),
  };
}
