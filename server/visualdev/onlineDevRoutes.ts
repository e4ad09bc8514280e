import type { FastifyRequest } from 'fastify';
import type { ModelFile } from '../../runtime/model/types.js';
import type { CompiledModel } from '../engine/compileModel.js';
import type { EngineEnv } from '../engine/engineEnv.js';
import { createListQueryParser } from '../engine/listQuery.js';
import { operationRoutes } from '../engine/operationRoutes.js';
import { getRecord, listRecords } from '../engine/readRecords.js';
import { assertQueryNames, bodyOf, idOf } from '../engine/requestParts.js';
import type { StoredModel } from '../engine/store/modelStore.js';
import type { ModelRoute } from '../engine/store/routeTable.js';
import type { RouteAccess } from '../plugins/accessPlugin.js';
import { toApiEnvelope } from '../envelopes/toApiEnvelope.js';
import { successMessage } from '../i18n/messages.js';
import { appPreviewOf } from './appPreview.js';
import { listQueryOf } from './onlineDevQuery.js';

export const ONLINE_DEV = '/api/visualdev/OnlineDev';

/**
 * The model as OnlineDev serves it: the same model, compiled once by the store, with its endpoints at
 * OnlineDev/{modelId} (JNPF's URLs). The engine's own handlers answer them, so rules, scope, tenant,
 * permissions and hooks are exactly those of the model's own routes.
 */
function atOnlineDev(compiled: CompiledModel): CompiledModel {
  const model = compiled.model;
  const base = `${ONLINE_DEV}/${model.id}`;
  const served = model.api.operations ?? {};
  const on = (name: 'import' | 'export', route: string) => (served[name] ? route : false);
  // the model's own routes are its dialect's conventions at OnlineDev/{modelId}; an operation it switched off stays off
  const kept = (name: 'get' | 'create' | 'update' | 'delete' | 'state') => (served[name] === false ? { [name]: false as const } : {});
  const api: ModelFile['api'] = {
    ...model.api,
    dialect: 'api',
    base,
    lookups: {},
    operations: {
      ...kept('get'),
      ...kept('create'),
      ...kept('update'),
      ...kept('delete'),
      ...kept('state'),
      list: false,
      deleteBatch: served.deleteBatch === false ? false : `POST ${ONLINE_DEV}/batchDelete/${model.id}`,
      import: on('import', `POST ${base}/Actions/Import`),
      importTemplate: on('import', `GET ${base}/Template`),
      export: on('export', `GET ${base}/Actions/Export`),
    },
  };
  return { ...compiled, model: { ...model, api } };
}

const read = (compiled: CompiledModel) => ({ permission: compiled.permission('list') });

/**
 * The OnlineDev endpoints of one released model (spec 001 §7): Config, ColumnData, FormData, List (POST
 * with queryJson/superQueryJson), create, get/put/delete by id, DataChange, batchDelete, Actions/Export,
 * Template, Actions/ExportData, Actions/Import, App/Preview (the screen as a phone shows it) and the
 * relation-form select (FieldDataSelect).
 */
export function onlineDevRoutes(env: EngineEnv, entry: StoredModel): ModelRoute[] {
  const compiled = atOnlineDev(entry.compiled);
  const model = entry.model;
  const base = compiled.model.api.base;
  const parseList = createListQueryParser(compiled);
  const answer = (data: unknown, request: FastifyRequest) => toApiEnvelope(data, successMessage('done', request.lang));
  const route = (method: ModelRoute['method'], url: string, handler: ModelRoute['handler'], access: RouteAccess = read(compiled)): ModelRoute => ({
    method,
    url,
    access,
    modelId: model.id,
    handler,
  });
  const config = {
    modelId: model.id,
    fullName: model.title,
    formData: model.form ?? null,
    columnData: model.list ?? null,
    fields: model.entity.fields,
    tabs: model.tabs ?? [],
  };
  const appPreview = appPreviewOf(model);
  const listOf = async (request: FastifyRequest, query: Record<string, string>) => {
    const q = parseList(query);
    const { rows, total } = await listRecords(env, compiled, q, await env.contextFor(request, compiled));
    return { list: rows, pagination: { currentPage: q.pageNo, pageSize: q.pageSize, total } };
  };
  const exportRoute = operationRoutes(env, compiled).find((r) => r.url === `${base}/Actions/Export`);
  return [
    ...operationRoutes(env, compiled),
    route('GET', `${base}/Config`, async (request) => {
      assertQueryNames(request, ['_t']);
      return answer(config, request);
    }),
    route('GET', `${base}/App/Preview`, async (request) => {
      assertQueryNames(request, ['_t']);
      return answer(appPreview, request);
    }),
    route('GET', `${base}/ColumnData`, async (request) => {
      assertQueryNames(request, ['_t']);
      return answer(config.columnData, request);
    }),
    route('GET', `${base}/FormData`, async (request) => {
      assertQueryNames(request, ['_t']);
      return answer({ formData: config.formData, fields: config.fields, tabs: config.tabs }, request);
    }),
    route('POST', `${base}/List`, async (request) => {
      assertQueryNames(request, ['_t']);
      return answer(await listOf(request, listQueryOf(bodyOf(request))), request);
    }),
    route('GET', `${base}/FieldDataSelect`, async (request) => {
      const { relationField, keyword, currentPage, pageSize } = request.query as Record<string, string | undefined>;
      assertQueryNames(request, ['_t', 'relationField', 'columnOptions', 'keyword', 'currentPage', 'pageSize']);
      const page = await listOf(request, listQueryOf({ keyword, currentPage, pageSize }));
      const shown = relationField && relationField in model.entity.fields ? relationField : null;
      return answer({ ...page, list: page.list.map((row) => (shown ? { ...row, [relationField!]: row[shown] } : row)) }, request);
    }),
    route('GET', `${base}/:id/DataChange`, async (request) => {
      assertQueryNames(request, ['_t']);
      const row = await getRecord(env, compiled, idOf(request), await env.contextFor(request, compiled));
      return answer({ id: row.id, data: JSON.stringify(row) }, request);
    }),
    ...(exportRoute
      ? [
          route(
            'POST',
            `${base}/Actions/ExportData`,
            async (request, reply) => {
              const body = bodyOf(request);
              const query: Record<string, string> = { ...listQueryOf(body) };
              if (Array.isArray(body.selectIds) && body.selectIds.length > 0) query.selections = body.selectIds.map(String).join(',');
              // the engine's export reads the list parameters from the query: hand it the body's as that
              const asQuery = Object.create(request, { query: { value: query } }) as FastifyRequest;
              return exportRoute.handler(asQuery, reply);
            },
            exportRoute.access,
          ),
        ]
      : []),
  ];
}
