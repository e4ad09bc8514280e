import type { ModelFile, OperationName } from '../model/types';
import { ApiError } from './ApiError';
import { assertEnvelope, type RequestContext } from './assertEnvelope';
import type { DataProvider, DataRecord, ListParams, ListResult } from './DataProvider';
import type { RecordInput, RecordOperation } from './dialects/Dialect';
import { isObject } from './dialects/envelopeFields';
import { familyOf } from '../model/familyOf';
import type { HttpClient, NormalizedResponse } from './HttpClient';
import { pickDialect } from './pickDialect';
import { resolveOperations } from '../model/resolveOperations';
import { parseRoute } from './parseRoute';
import { namedOperation } from '../model/namedOperations';
import { LONG_RUNNING_TIMEOUT_MS } from './requestConventions';
import { toImportAnswer } from './importAnswer';
import { createReportDataProvider } from './report/createReportDataProvider';
import { toWriteNames } from '../model/writeNames';

const RECORD_SHAPE = 'a record object ({id, version, …fields}) as the payload';

function isRecord(value: unknown): value is DataRecord {
  return isObject(value);
}

/** api.listAnswer "array" (version 15): the rows as a plain list, every row of an unpaged list in one answer. */
function decodeRows(data: unknown, params: ListParams, ctx: RequestContext): ListResult {
  assertEnvelope(data, (value): value is DataRecord[] => Array.isArray(value) && value.every(isRecord), 'result: [records]', ctx, 'CL_ERR_CONTRACT_PAYLOAD');
  return { records: data, total: data.length, page: 1, pageSize: params.pageSize };
}

/**
 * The DataProvider of one model (docs/api.md "Generic model endpoints"): URLs from the model's
 * api.base and api.operations, requests and answers in the model's declared dialect.
 * - list        → ListResult {records, total, page, pageSize}; an operation list (list.rows) reads its operation;
 *                 a list answered as an array (api.listAnswer) counts its rows
 * - create, update send a field with writeAs under that name
 * - get         → the record
 * - create, update, remove, removeMany, toggleState, callOperation → the server's message (添加成功 …)
 * An operation the model switched off rejects with a contract ApiError (CL_ERR_OPERATION_OFF);
 * a dialect this client does not speak throws at once (CL_ERR_UNKNOWN_DIALECT). A report (screen kind
 * `query`) reads the online-report calls instead (createReportDataProvider).
 *
 * @example
 * const positions = createDataProvider(positionModel, http);
 * const page = await positions.list({ page: 1, pageSize: 20, filters: { enabledMark: { op: 'eq', value: 1 } } });
 * await positions.toggleState(page.records[0].id);
 */
export function createDataProvider(model: ModelFile, http: HttpClient): DataProvider {
  if (model.screen?.kind === 'query') return createReportDataProvider(model.id, http);
  const dialect = pickDialect(model.api.dialect, { id: model.id, base: model.api.base });
  const operations = resolveOperations(model);

  function operationOff(message: string) {
    return new ApiError({
      kind: 'contract',
      message,
      status: 0,
      code: 0,
      url: model.api.base,
      method: '',
      dialect: familyOf(model.api.base),
      errorCode: 'CL_ERR_OPERATION_OFF',
    });
  }

  function routeOf(operation: OperationName) {
    const route = operations[operation];
    if (route) return parseRoute(route);
    throw operationOff(`Model "${model.id}" has no "${operation}" operation (switched off by api.operations.${operation} = false${operation === 'state' ? ', or api.state is not declared' : ''}).`);
  }

  async function call(operation: RecordOperation, input: RecordInput, signal?: AbortSignal): Promise<{ response: NormalizedResponse; ctx: RequestContext }> {
    const request = dialect.encodeRecordRequest(operation, routeOf(operation), input);
    const response = await http.request(request.method, request.url, { params: request.params, data: request.data, signal });
    return { response, ctx: { dialect: dialect.name, method: request.method, url: request.url } };
  }

  /** the list's rows: the table's list operation, or (version 13, list.rows) the named operation that answers them */
  function listRoute() {
    const rows = model.list?.rows;
    if (!rows) return routeOf('list');
    const operation = namedOperation(model, rows.operation);
    if (!operation) throw operationOff(`model "${model.id}" declares no operation "${rows.operation}" (list.rows.operation)`);
    return parseRoute(operation.route);
  }

  async function message(operation: RecordOperation, input: RecordInput): Promise<string> {
    return (await call(operation, input)).response.message;
  }

  return {
    async list(params: ListParams) {
      const route = listRoute();
      const query = dialect.encodeListQuery(params);
      const response = await http.request(route.method, route.path, { params: query, signal: params.signal });
      if (model.api.listAnswer === 'array') return decodeRows(response.data, params, { dialect: dialect.name, method: route.method, url: route.path });
      return dialect.decodePage(response.data, params, { dialect: dialect.name, method: route.method, url: route.path });
    },
    async get(id, signal) {
      const { response, ctx } = await call('get', { id }, signal);
      assertEnvelope(response.data, isRecord, RECORD_SHAPE, ctx, 'CL_ERR_CONTRACT_PAYLOAD');
      return response.data;
    },
    create: (values) => message('create', { values: toWriteNames(model.entity.fields, values) }),
    update: (id, values) => message('update', { id, values: toWriteNames(model.entity.fields, values) }),
    remove: (id) => message('delete', { id }),
    removeMany: (ids) => message('deleteBatch', { ids }),
    toggleState: (id) => message('state', { id }),
    async callOperation(name, input = {}) {
      const operation = namedOperation(model, name);
      if (!operation) throw operationOff(`model "${model.id}" declares no operation "${name}" (operations.${name})`);
      const request = dialect.encodeOperationRequest(parseRoute(operation.route), input);
      const response = await http.request(request.method, request.url, { params: request.params, data: request.data });
      return response.message;
    },
    async exportFile(params, options = {}) {
      const route = routeOf('export');
      const query = { ...dialect.encodeListQuery(params), ...(options.selections?.length ? { selections: options.selections.join(',') } : {}) };
      const response = await http.request<Blob>(route.method, route.path, {
        params: query,
        signal: options.signal,
        responseType: 'blob',
        timeoutMs: LONG_RUNNING_TIMEOUT_MS,
        onDownloadProgress: options.onProgress,
      });
      return response.data;
    },
    async importFile(file, fileName, options = {}) {
      const route = routeOf('import');
      const form = new FormData();
      form.append(dialect.importFileField, file, fileName);
      const response = await http.request(route.method, route.path, {
        data: form,
        timeoutMs: LONG_RUNNING_TIMEOUT_MS,
        ...(options.onProgress ? { onUploadProgress: options.onProgress } : {}),
      });
      return toImportAnswer(response, { dialect: dialect.name, method: route.method, url: route.path });
    },
    async importTemplate() {
      const route = routeOf('importTemplate');
      return (await http.request<Blob>(route.method, route.path, { responseType: 'blob' })).data;
    },
  };
}
