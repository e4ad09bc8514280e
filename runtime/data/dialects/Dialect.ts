import type { FieldError } from '../ApiError';
import type { RequestContext } from '../assertEnvelope';
import type { ListParams, ListResult } from '../DataProvider';
import type { NormalizedResponse } from '../HttpClient';

export type DialectName = 'jeecg' | 'api';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryParams = Record<string, string | number>;

/** A failure the envelope itself reports (HTTP 200 with success:false, or an api code other than 200). */
export interface EnvelopeFailure {
  kind: 'auth' | 'permission' | 'validation' | 'business';
  code: number;
  message: string;
  errorCode?: string;
  requestId?: string;
  fieldErrors?: FieldError[];
}

export type DecodedEnvelope = { ok: true; response: NormalizedResponse } | { ok: false; failure: EnvelopeFailure };

/** The single-record operations and batch operations a model serves. */
export type RecordOperation = 'get' | 'create' | 'update' | 'delete' | 'deleteBatch' | 'state';

export interface RecordInput {
  id?: string;
  ids?: string[];
  values?: Record<string, unknown>;
}

/** One resolved operation: the method and path of `'METHOD /path'` (the path may hold `{id}`). */
export interface Route {
  method: HttpMethod;
  path: string;
}

export interface DialectRequest {
  method: HttpMethod;
  url: string;
  params?: QueryParams;
  data?: unknown;
}

/**
 * Everything that differs between the two API families (Kysely's Dialect: one folder per dialect,
 * identical roles). The model declares its dialect; nothing here looks at a payload to guess it.
 *
 * @example
 * const dialect = pickDialect(model.api.dialect);
 * const params = dialect.encodeListQuery({ page: 1, pageSize: 20, keyword: '检测' });
 */
export interface Dialect {
  readonly name: DialectName;
  /** the envelope as a one-line shape, quoted by contract errors */
  readonly envelopeShape: string;
  /** the multipart field of an import's workbook (jeecg's upload sends `files[]`, the REST family `file`) */
  readonly importFileField: string;
  isEnvelope(body: unknown): boolean;
  /** reads an envelope of this family; a body of another shape throws a contract ApiError */
  decodeEnvelope(body: unknown, ctx: RequestContext): DecodedEnvelope;
  /** paging, sorting, keyword, filters and advanced query as this family's query parameters */
  encodeListQuery(params: ListParams): QueryParams;
  /** a list answer's payload (already out of its envelope) as a ListResult */
  decodePage(data: unknown, params: ListParams, ctx: RequestContext): ListResult;
  /** where the id, ids and values of one operation travel */
  encodeRecordRequest(operation: RecordOperation, route: Route, input: RecordInput): DialectRequest;
  /** the same for a named operation of the model (its route from the model's `operations`) */
  encodeOperationRequest(route: Route, input: RecordInput): DialectRequest;
}
