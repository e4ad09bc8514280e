import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { OPERATION_PERMISSION, type OperationName } from '../../runtime/model/types.js';
import { appError } from '../errors.js';
import { toApiEnvelope } from '../envelopes/toApiEnvelope.js';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { successMessage, type MessageKey } from '../i18n/messages.js';
import type { CompiledModel } from './compileModel.js';
import type { EngineEnv } from './engineEnv.js';
import { createListQueryParser, type ListQueryParser } from './listQuery.js';
import { resolveOperations } from '../../runtime/model/resolveOperations.js';
import { getRecord, listRecords } from './readRecords.js';
import { assertQueryNames, bodyOf, idOf, idsOf, splitRoute, type RouteParts } from './requestParts.js';
import { createRecord, deleteRecord, deleteRecords, toggleState, updateRecord } from './writeRecord.js';

const ID_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;
// Values stay strings (repeated names fail here); names and values are checked against the model by the handlers.
const QUERY = { type: 'object', additionalProperties: { type: 'string', maxLength: 20_000 } } as const;
const BODY = { type: 'object', maxProperties: 200 } as const;

type Envelope = (data: unknown, message: MessageKey, request: FastifyRequest) => unknown;
type Handler = (request: FastifyRequest) => Promise<unknown>;

interface OperationContext {
  env: EngineEnv;
  model: CompiledModel;
  route: RouteParts;
  envelope: Envelope;
  parseList: ListQueryParser;
}

const HANDLERS: Record<OperationName, (c: OperationContext) => Handler> = {
  list: ({ env, model, envelope, parseList }) => async (request) => {
    const q = parseList(request.query as Record<string, unknown>);
    const { rows, total } = await listRecords(env, model, q, await env.contextFor(request, model));
    const data =
      model.model.api.dialect === 'jeecg'
        ? { records: rows, total, size: q.pageSize, current: q.pageNo, pages: Math.ceil(total / q.pageSize) }
        : { list: rows, pagination: { currentPage: q.pageNo, pageSize: q.pageSize, total } };
    return envelope(data, 'done', request);
  },
  get: ({ env, model, route, envelope }) => async (request) => {
    assertQueryNames(request, route.hasId ? ['_t'] : ['_t', 'id']);
    return envelope(await getRecord(env, model, idOf(request), await env.contextFor(request, model)), 'done', request);
  },
  create: ({ env, model, envelope }) => async (request) => {
    assertQueryNames(request, ['_t']);
    const row = await createRecord(env, model, bodyOf(request), await env.contextFor(request, model));
    return envelope(row, 'added', request);
  },
  update: ({ env, model, envelope }) => async (request) => {
    assertQueryNames(request, ['_t']);
    const row = await updateRecord(env, model, idOf(request), bodyOf(request), await env.contextFor(request, model));
    return envelope(row, 'edited', request);
  },
  delete: ({ env, model, route, envelope }) => async (request) => {
    assertQueryNames(request, route.hasId ? ['_t'] : ['_t', 'id']);
    await deleteRecord(env, model, idOf(request), await env.contextFor(request, model));
    return envelope(null, 'deleted', request);
  },
  deleteBatch: ({ env, model, envelope }) => async (request) => {
    assertQueryNames(request, ['_t', 'ids']);
    await deleteRecords(env, model, idsOf(request), await env.contextFor(request, model));
    return envelope(null, 'batchDeleted', request);
  },
  state: ({ env, model, route, envelope }) => async (request) => {
    assertQueryNames(request, route.hasId ? ['_t'] : ['_t', 'id']);
    for (const name of Object.keys(bodyOf(request))) if (name !== 'id') throw appError('CL_ERR_FIELD_UNKNOWN', { field: name.slice(0, 60) });
    const row = await toggleState(env, model, idOf(request), await env.contextFor(request, model));
    return envelope(row, 'done', request);
  },
};

function envelopeOf(model: CompiledModel): Envelope {
  return model.model.api.dialect === 'jeecg'
    ? (data, message, request) => toJeecgEnvelope(data, successMessage(message, request.lang))
    : (data, message, request) => toApiEnvelope(data, successMessage(message, request.lang));
}

/** The model's operations (resolveOperations), each guarded by its permission code. */
export function registerOperations(app: FastifyInstance, env: EngineEnv, model: CompiledModel): void {
  const envelope = envelopeOf(model);
  const parseList = createListQueryParser(model);
  for (const [op, spec] of Object.entries(resolveOperations(model.model)) as [OperationName, string][]) {
    const route = splitRoute(spec);
    const takesBody = (op === 'create' || op === 'update') && (route.method === 'POST' || route.method === 'PUT');
    const options: RouteOptions = {
      method: route.method,
      url: route.url,
      schema: {
        querystring: QUERY,
        ...(route.hasId ? { params: ID_PARAMS } : {}),
        ...(takesBody ? { body: BODY } : {}),
      },
      config: { access: { permission: model.permission(OPERATION_PERMISSION[op]) } },
      handler: HANDLERS[op]({ env, model, route, envelope, parseList }),
    };
    app.route(options);
  }
}
