/**
 * The boundary between renderers and the network (react-admin's data provider): one instance per
 * model, built by createDataProvider(model, http) for the model's declared dialect. Renderers see only
 * these normalised shapes, never an envelope.
 */

export type RecordValue = string | number | null | undefined;
export type DataRecord = { id: string; version?: number } & Record<string, unknown>;

/** A filter on one field, encoded per the Jeecg value conventions by the dialects. */
export type FieldFilter =
  | { op: 'eq' | 'ne' | 'like' | 'startsWith' | 'endsWith' | 'gt' | 'ge' | 'lt' | 'le'; value: string | number }
  | { op: 'in'; value: (string | number)[] }
  | { op: 'range'; from?: string | number; to?: string | number };

export type SuperQueryRule = 'eq' | 'like' | 'right_like' | 'left_like' | 'in' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';

export interface SuperQueryCondition {
  field: string;
  rule: SuperQueryRule;
  val: string;
  type?: string;
}

export interface ListParams {
  page: number;
  pageSize: number;
  sort?: { field: string; order: 'asc' | 'desc' };
  keyword?: string;
  filters?: Record<string, FieldFilter>;
  superQuery?: { matchType: 'and' | 'or'; conditions: SuperQueryCondition[] };
  signal?: AbortSignal;
}

export interface ListResult<T = DataRecord> {
  records: T[];
  total: number;
  page: number;
  pageSize: number;
  /** a report's totals over every row of the query, by output name (query.totals) */
  totals?: Record<string, unknown>;
}

/**
 * @example
 * const positions = createDataProvider(model, http);
 * const { records, total } = await positions.list({ page: 1, pageSize: 20, keyword: '检测' });
 * await positions.update(records[0].id, { ...values, version: records[0].version });
 */
export interface DataProvider {
  list(params: ListParams): Promise<ListResult>;
  get(id: string, signal?: AbortSignal): Promise<DataRecord>;
  /** resolves with the server's message (e.g. 添加成功) */
  create(values: Record<string, unknown>): Promise<string>;
  /** values must carry the record's version; a stale one rejects with a CL_ERR_RECORD_STALE ApiError */
  update(id: string, values: Record<string, unknown>): Promise<string>;
  remove(id: string): Promise<string>;
  removeMany(ids: string[]): Promise<string>;
  /** toggles the model's state field (enable/disable) */
  toggleState(id: string): Promise<string>;
  /**
   * calls a named operation of the model (top-level `operations`, e.g. resetPassword) on one record
   * (`id`), on checked rows (`ids`) or on the collection; resolves with the server's message. An unknown
   * operation rejects with a contract ApiError (CL_ERR_OPERATION_OFF).
   */
  callOperation(name: string, input?: OperationInput): Promise<string>;
  /** the list query (paging ignored) or the checked rows as an .xlsx file (the model's export operation) */
  exportFile(params: ListParams, options?: ExportOptions): Promise<Blob>;
  /** one workbook through the model's import operation: all rows or none; `onProgress` hears the bytes sent */
  importFile(file: Blob, fileName: string, options?: ImportOptions): Promise<ImportAnswer>;
  /** the empty workbook headed by the writable fields (the model's importTemplate operation) */
  importTemplate(): Promise<Blob>;
}

/** What an import answered: imported, or refused with a report naming row, column and reason (code 201). */
export type ImportAnswer =
  | { imported: true; message: string; count: number }
  | { imported: false; message: string; totalCount: number; errorCount: number; fileUrl: string; fileName: string };

export interface ImportOptions {
  /** bytes of the workbook sent so far, of `total` */
  onProgress?: (loaded: number, total: number) => void;
}

export interface ExportOptions {
  /** the checked rows only (the server's `selections`) */
  selections?: string[];
  /** bytes received so far */
  onProgress?: (loaded: number) => void;
  signal?: AbortSignal;
}

/** What a named operation is called with. */
export interface OperationInput {
  id?: string;
  ids?: string[];
  values?: Record<string, unknown>;
}
