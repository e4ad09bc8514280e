import type { FastifyReply, FastifyRequest } from 'fastify';
import { OPERATION_PERMISSION, type OperationName } from '../../runtime/model/types.js';
import { logSecurityEvent } from '../auth/securityLog.js';
import { appError } from '../errors.js';
import { toApiEnvelope } from '../envelopes/toApiEnvelope.js';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { successMessage, type MessageKey } from '../i18n/messages.js';
import type { CompiledModel } from './compileModel.js';
import type { EngineEnv } from './engineEnv.js';
import { exportHandler, importHandler, importTemplateHandler } from './fileOperations.js';
import { createListQueryParser, type ListQueryParser } from './listQuery.js';
import { resolveOperations } from '../../runtime/model/resolveOperations.js';
import { fromWriteNames } from '../../runtime/model/writeNames.js';
import { getRecord, listRecords } from './readRecords.js';
import { assertQueryNames, bodyOf, idOf, idsOf, splitRoute, type RouteParts } from './requestParts.js';
import type { ModelRoute } from './store/routeTable.js';
import { createRecord, deleteRecord, deleteRecords, toggleState, updateRecord } from './writeRecord.js';

/** A write names at most this many fields (what the per-route body schema used to say). */
const MAX_BODY_PROPERTIES = 200;

type Envelope = (data: unknown, message: MessageKey, request: FastifyRequest) => unknown;
type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

interface OperationContext {
  env: EngineEnv;
  model: CompiledModel;
  route: RouteParts;
  envelope: Envelope;
  parseList: ListQueryParser;
}

const HANDLERS: Record<OperationName, (c: OperationContext) => Handler> = {
  list:
    ({ env, model, envelope, parseList }) =>
    async (request) => {
      const q = parseList(request.query as Record<string, unknown>);
      const { rows, total } = await listRecords(env, model, q, await env.contextFor(request, model));
      // version 15: api.listAnswer "array" answers the rows themselves (spec 001 §7 certificatePersonal/select -> list)
      const data =
        model.model.api.listAnswer === 'array'
          ? rows
          : model.model.api.dialect === 'jeecg'
            ? { records: rows, total, size: q.pageSize, current: q.pageNo, pages: Math.ceil(total / q.pageSize) }
            : { list: rows, pagination: { currentPage: q.pageNo, pageSize: q.pageSize, total } };
      return envelope(data, 'done', request);
    },
  get:
    ({ env, model, route, envelope }) =>
    async (request) => {
      assertQueryNames(request, route.hasId ? ['_t'] : ['_t', 'id']);
      const id = idOf(request);
      await assertOwnRecord(env, request, id);
      return envelope(await getRecord(env, model, id, await env.contextFor(request, model)), 'done', request);
    },
  create:
    ({ env, model, envelope }) =>
    async (request) => {
      assertQueryNames(request, ['_t']);
      const row = await createRecord(env, model, writeBodyOf(request, model), await env.contextFor(request, model));
      return envelope(row, 'added', request);
    },
  update:
    ({ env, model, envelope }) =>
    async (request) => {
      assertQueryNames(request, ['_t']);
      const id = idOf(request);
      const body = writeBodyOf(request, model);
      if (request.selfOnly) {
        await assertOwnRecord(env, request, id);
        const writable = new Set([...(model.model.api.self?.writable ?? []), 'id', 'version']);
        for (const name of Object.keys(body)) if (!writable.has(name)) throw appError('CL_ERR_FIELD_READONLY', { field: name.slice(0, 60) });
      }
      const row = await updateRecord(env, model, id, body, await env.contextFor(request, model));
      return envelope(row, 'edited', request);
    },
  delete:
    ({ env, model, route, envelope }) =>
    async (request) => {
      assertQueryNames(request, route.hasId ? ['_t'] : ['_t', 'id']);
      await deleteRecord(env, model, idOf(request), await env.contextFor(request, model));
      return envelope(null, 'deleted', request);
    },
  deleteBatch:
    ({ env, model, envelope }) =>
    async (request) => {
      assertQueryNames(request, ['_t', 'ids']);
      await deleteRecords(env, model, idsOf(request), await env.contextFor(request, model));
      return envelope(null, 'batchDeleted', request);
    },
  state:
    ({ env, model, route, envelope }) =>
    async (request) => {
      assertQueryNames(request, route.hasId ? ['_t'] : ['_t', 'id']);
      for (const name of Object.keys(bodyOf(request))) if (name !== 'id') throw appError('CL_ERR_FIELD_UNKNOWN', { field: name.slice(0, 60) });
      const row = await toggleState(env, model, idOf(request), await env.contextFor(request, model));
      return envelope(row, 'done', request);
    },
  import: importHandler,
  export: exportHandler,
  importTemplate: importTemplateHandler,
};

/** The envelope of the model's dialect around an answer's data and success message. */
export function envelopeOf(model: CompiledModel): Envelope {
  return model.model.api.dialect === 'jeecg'
    ? (data, message, request) => toJeecgEnvelope(data, successMessage(message, request.lang))
    : (data, message, request) => toApiEnvelope(data, successMessage(message, request.lang));
}

/**
 * A caller let in by api.self (request.selfOnly) acts on their own account only: any other id is
 * refused and logged like the other self-service calls (security.md §5).
 */
async function assertOwnRecord(env: EngineEnv, request: FastifyRequest, id: string): Promise<void> {
  if (!request.selfOnly) return;
  if (id === request.auth!.userId) return;
  await refuseSelfOnly(env, request, `record ${id.slice(0, 64)}`);
}

/** A self-service caller named what is not theirs (`detail`): logged (self.mismatch), then refused. */
export async function refuseSelfOnly(env: EngineEnv, request: FastifyRequest, detail: string): Promise<never> {
  const auth = request.auth!;
  await logSecurityEvent(env.db, {
    event: 'self.mismatch',
    userId: auth.userId,
    username: auth.username,
    ip: request.ip,
    requestId: request.id,
    detail: `${request.method} ${request.dispatched?.route.url ?? ''} named ${detail}`,
  });
  throw appError('CL_ERR_SELF_ONLY');
}

/** The JSON object of a create or update, no larger than any model needs. */
/** The write body under the fields' own names: a field with writeAs (version 15) is sent under that name only. */
function writeBodyOf(request: FastifyRequest, model: CompiledModel): Record<string, unknown> {
  const body = bodyOf(request);
  if (Object.keys(body).length > MAX_BODY_PROPERTIES) throw appError('CL_ERR_BAD_REQUEST', { detail: `body has more than ${MAX_BODY_PROPERTIES} properties` });
  const { values, misnamed } = fromWriteNames(model.model.entity.fields, body);
  if (misnamed) throw appError('CL_ERR_FIELD_UNKNOWN', { field: misnamed });
  return values;
}

/** The model's operations (resolveOperations), each guarded by its permission code; the store dispatches them. */
export function operationRoutes(env: EngineEnv, model: CompiledModel): ModelRoute[] {
  const envelope = envelopeOf(model);
  const parseList = createListQueryParser(model);
  return (Object.entries(resolveOperations(model.model)) as [OperationName, string][]).map(([op, spec]) => {
    const route = splitRoute(spec);
    const self = (model.model.api.self?.operations as OperationName[] | undefined)?.includes(op) ?? false;
    return {
      method: route.method,
      url: route.url,
      access: { permission: model.permission(OPERATION_PERMISSION[op]), ...(self ? { self } : {}) },
      modelId: model.model.id,
      handler: HANDLERS[op]({ env, model, route, envelope, parseList }),
      ...(op === 'import' ? { takesFiles: true } : {}),
    };
  });
}
