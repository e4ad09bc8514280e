import type { FastifyInstance, FastifyRequest } from 'fastify';
import { itemTextIn } from '../dict/dictOptions.js';
import { createInterfaceRunner, DATA_INTERFACE, DATA_INTERFACE_LOG, rowsOf, SQL_INTERFACE } from '../dataInterface/runInterface.js';
import { toApiEnvelope } from '../envelopes/toApiEnvelope.js';
import { MAX_PAGE_SIZE } from '../engine/listQuery.js';
import { assertQueryNames } from '../engine/requestParts.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { appError } from '../errors.js';
import { successMessage } from '../i18n/messages.js';
import { createSafeSelect } from '../safeSql/runSafeSelect.js';
import { recordAsJsonFile } from '../system/jsonFile.js';
import { createModelReads } from '../system/modelReads.js';

const BASE = '/api/system/DataInterface';
const id = { type: 'string', minLength: 1, maxLength: 64 } as const;
const idParams = { type: 'object', required: ['id'], properties: { id } } as const;
const text = { type: 'string', maxLength: 2_000 } as const;
// variable values travel as query parameters next to the call's own (names checked against the interface)
const anyQuery = { type: 'object', additionalProperties: text } as const;
/** what a data interface's JSON export carries (its definition, never its logs) */
const EXPORTED_FIELDS = [
  'fullName',
  'enCode',
  'categoryId',
  'dataType',
  'query',
  'staticData',
  'path',
  'requestMethod',
  'requestHeaders',
  'requestParameters',
  'enabledMark',
  'sortCode',
  'description',
] as const;
const SELECTION_NAMES = ['interfaceId', 'propsValue', 'relationField', 'keyword', 'currentPage', 'pageSize', 'id', 'ids', '_t'];

type Row = Record<string, unknown>;

function pageNumber(raw: string | undefined, fallback: number, max: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,7}$/.test(raw) || Number(raw) < 1 || Number(raw) > max)
    throw appError('CL_ERR_BAD_REQUEST', { detail: `${name} must be a whole number from 1 to ${max}` });
  return Number(raw);
}

/** A field name a picker sends must be a column of the interface's rows, never anything else. */
function columnOf(rows: Row[], name: string | undefined, label: string): string | null {
  if (!name) return null;
  if (rows.length > 0 && !rows.some((row) => name in row)) throw appError('CL_ERR_BAD_REQUEST', { detail: `${label} is not a field of this interface` });
  return name;
}

/**
 * The irregular calls of /api/system/DataInterface (spec 001 §7) over the model devPlatform.dataInterface,
 * whose list, create, update, Info, delete and State are generic. Running an interface needs a signed-in
 * caller only, because it runs as that caller: SQL sees only the caller's tables, tenant and data scope
 * (server/safeSql), and the pickers of any form use it. Designing it (Preview, Export, logs) needs the
 * model's permissions.
 */
export default async function systemDataInterfaceRoutes(app: FastifyInstance, options: { store: ModelStore }): Promise<void> {
  const { store } = options;
  const reads = createModelReads(store);
  const safeSelect = createSafeSelect(store, app.ctx.db, app.ctx.config.configuredSql);
  const runner = createInterfaceRunner(store, safeSelect, app.ctx.config.outboundHttp);
  const signedIn = { access: 'authenticated' } as const;
  const permission = (action: string) => ({ access: { permission: `system:dataInterface:${action}` } }) as const;
  const ok = (data: unknown, request: FastifyRequest) => toApiEnvelope(data, successMessage('done', request.lang));

  /** the variable values of a call: the interface's declared names only */
  function valuesOf(record: Row, source: Record<string, unknown>, reserved: readonly string[]): Row {
    const declared = new Set(runner.variables(record).map((v) => v.field));
    const values: Row = {};
    for (const [name, value] of Object.entries(source)) {
      if (declared.has(name)) values[name] = value;
      else if (!reserved.includes(name)) throw appError('CL_ERR_BAD_REQUEST', { detail: `unknown parameter ${name}` });
    }
    return values;
  }

  /** enabled interfaces of the caller's tenant, as pickers list them */
  async function enabled(request: FastifyRequest, query: Record<string, string>) {
    return reads.list(request, DATA_INTERFACE, { enabledMark: '1', ...query });
  }

  const brief = (row: Row) => ({ id: row.id, fullName: row.fullName, enCode: row.enCode, dataType: row.dataType, categoryId: row.categoryId });

  // the interfaces by category, as the designers' pickers show them
  app.get(`${BASE}/Selector`, { schema: { querystring: { type: 'object', properties: { _t: text } } }, config: signedIn }, async (request) => {
    assertQueryNames(request, ['_t']);
    const rows = await reads.all(request, DATA_INTERFACE, { enabledMark: '1' });
    const categories = await app.ctx.dicts.items('data_interface_category');
    const list = categories
      .map((category) => ({
        id: category.value,
        fullName: itemTextIn(category, request.lang, app.ctx.translate),
        hasChildren: true,
        children: rows.filter((row) => row.categoryId === category.value).map((row) => ({ ...brief(row), hasChildren: false })),
      }))
      .filter((category) => category.children.length > 0);
    const other = rows.filter((row) => !categories.some((c) => c.value === row.categoryId));
    if (other.length > 0) list.push({ id: '', fullName: '', hasChildren: true, children: other.map((row) => ({ ...brief(row), hasChildren: false })) });
    return ok({ list }, request);
  });

  // a paged list of interfaces for pickers (keyword, dataType)
  app.get<{ Querystring: Record<string, string> }>(`${BASE}/getList`, { schema: { querystring: anyQuery }, config: signedIn }, async (request) => {
    assertQueryNames(request, ['keyword', 'dataType', 'categoryId', 'currentPage', 'pageSize', '_t']);
    const { keyword, dataType, categoryId } = request.query;
    const currentPage = pageNumber(request.query.currentPage, 1, 1_000_000, 'currentPage');
    const pageSize = pageNumber(request.query.pageSize, 20, MAX_PAGE_SIZE, 'pageSize');
    const page = await enabled(request, {
      ...(keyword ? { keyword } : {}),
      ...(dataType ? { dataType } : {}),
      ...(categoryId ? { categoryId } : {}),
      currentPage: String(currentPage),
      pageSize: String(pageSize),
    });
    return ok({ list: page.rows.map(brief), pagination: { currentPage, pageSize, total: page.total } }, request);
  });

  // the declared variables (and the built-in ones SQL may use)
  app.get<{ Params: { id: string } }>(
    `${BASE}/GetParam/:id`,
    { schema: { params: idParams, querystring: { type: 'object', properties: { _t: text } } }, config: signedIn },
    async (request) => {
      assertQueryNames(request, ['_t']);
      const record = await runner.load(request, request.params.id);
      return ok(runner.variables(record), request);
    },
  );

  // run it: the answer's data is what the interface gives (SQL rows, the static JSON, the HTTP answer)
  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(
    `${BASE}/:id/Actions/Response`,
    { schema: { params: idParams, querystring: anyQuery }, config: signedIn },
    async (request) => {
      const record = await runner.load(request, request.params.id);
      const answer = await runner.run(request, record, valuesOf(record, request.query, ['_t']), 'Response');
      return ok(answer.data, request);
    },
  );

  // the designer's test run, with the variable values in the body; says what it read and how long it took
  app.post<{ Params: { id: string }; Body: Record<string, unknown> | undefined }>(
    `${BASE}/:id/Actions/Preview`,
    {
      // each value is checked against its declared variable (interfaceDefinition.ts variableValue)
      schema: { params: idParams, body: { type: 'object', maxProperties: 100 } },
      config: permission('list'),
    },
    async (request) => {
      const record = await runner.load(request, request.params.id);
      const answer = await runner.run(request, record, valuesOf(record, request.body ?? {}, []), 'Preview');
      return ok(answer, request);
    },
  );

  // the selection call of pickers: rows of the interface, filtered by keyword on relationField, paged
  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(
    `${BASE}/:id/Action/List`,
    { schema: { params: idParams, querystring: anyQuery }, config: signedIn },
    async (request) => {
      const record = await runner.load(request, request.params.id);
      const query = request.query;
      const currentPage = pageNumber(query.currentPage, 1, 1_000_000, 'currentPage');
      const pageSize = pageNumber(query.pageSize, 20, 10_000, 'pageSize');
      const keyword = query.keyword?.trim();
      if (Number(record.dataType) === SQL_INTERFACE) {
        // SQL pages in the database, past the row cap: only the page's rows are read
        const page = await runner.page(request, record, valuesOf(record, query, SELECTION_NAMES), {
          offset: (currentPage - 1) * pageSize,
          limit: pageSize,
          ...(keyword ? { keyword: { text: keyword, ...(query.relationField ? { column: query.relationField } : {}) } } : {}),
        });
        if (query.propsValue && page.columns.length > 0 && !page.columns.includes(query.propsValue))
          throw appError('CL_ERR_BAD_REQUEST', { detail: 'propsValue is not a field of this interface' });
        return ok({ list: page.rows, pagination: { currentPage, pageSize, total: page.total } }, request);
      }
      const rows = rowsOf((await runner.run(request, record, valuesOf(record, query, SELECTION_NAMES), 'List')).data);
      const relationField = columnOf(rows, query.relationField, 'relationField');
      columnOf(rows, query.propsValue, 'propsValue');
      const lowered = keyword?.toLowerCase();
      const matching =
        lowered && relationField
          ? rows.filter((row) =>
              String(row[relationField] ?? '')
                .toLowerCase()
                .includes(lowered),
            )
          : lowered
            ? rows.filter((row) =>
                Object.values(row).some((v) =>
                  String(v ?? '')
                    .toLowerCase()
                    .includes(lowered),
                ),
              )
            : rows;
      const list = matching.slice((currentPage - 1) * pageSize, currentPage * pageSize);
      return ok({ list, pagination: { currentPage, pageSize, total: matching.length } }, request);
    },
  );

  // the rows whose propsValue field holds the given value(s): what a picker shows for a saved value
  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(
    `${BASE}/:id/Action/Info`,
    { schema: { params: idParams, querystring: anyQuery }, config: signedIn },
    async (request) => {
      const record = await runner.load(request, request.params.id);
      const query = request.query;
      const wanted = (query.ids ?? query.id ?? '').split(',').filter(Boolean);
      if (!query.propsValue || wanted.length === 0) throw appError('CL_ERR_BAD_REQUEST', { detail: 'propsValue and id are required' });
      const rows = rowsOf((await runner.run(request, record, valuesOf(record, query, SELECTION_NAMES), 'Info')).data);
      const props = columnOf(rows, query.propsValue, 'propsValue')!;
      const found = rows.filter((row) => wanted.includes(String(row[props] ?? '')));
      return ok(query.ids ? found : (found[0] ?? null), request);
    },
  );

  // the interface as a JSON file another installation can import
  app.get<{ Params: { id: string } }>(
    `${BASE}/:id/Action/Export`,
    { schema: { params: idParams, querystring: { type: 'object', properties: { _t: text } } }, config: permission('export') },
    async (request, reply) => {
      assertQueryNames(request, ['_t']);
      const record = await runner.load(request, request.params.id);
      return recordAsJsonFile(reply, record, EXPORTED_FIELDS, record.enCode);
    },
  );

  // the call log of one interface, newest first
  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(
    '/api/system/DataInterfaceLog/:id',
    { schema: { params: idParams, querystring: anyQuery }, config: permission('list') },
    async (request) => {
      assertQueryNames(request, ['keyword', 'currentPage', 'pageSize', '_t']);
      const record = await runner.load(request, request.params.id);
      const { keyword } = request.query;
      const currentPage = pageNumber(request.query.currentPage, 1, 1_000_000, 'currentPage');
      const pageSize = pageNumber(request.query.pageSize, 20, MAX_PAGE_SIZE, 'pageSize');
      const page = await reads.list(request, DATA_INTERFACE_LOG, {
        invokId: String(record.id),
        ...(keyword ? { keyword } : {}),
        currentPage: String(currentPage),
        pageSize: String(pageSize),
      });
      return ok({ list: page.rows, pagination: { currentPage, pageSize, total: page.total } }, request);
    },
  );
}
