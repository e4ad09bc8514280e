import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { logSecurityEvent } from '../auth/securityLog.js';
import { AppError, appError, type ErrorCode } from '../errors.js';
import { UPLOAD_LIMITS } from './importRecords.js';
import type { ModelStore } from './store/modelStore.js';
import type { RouteMatch } from './store/routeTable.js';

/** Refusals that name an identifier a model does not declare: probing, or a client out of step (security.md §21). */
const REFUSED_IDENTIFIERS: ReadonlySet<ErrorCode> = new Set([
  'CL_ERR_FIELD_UNKNOWN',
  'CL_ERR_FIELD_READONLY',
  'CL_ERR_SORT_UNKNOWN',
  'CL_ERR_QUERY_PARAM_UNKNOWN',
  'CL_ERR_QUERY_RULE_UNKNOWN',
]);

/** The URL families model endpoints live under (docs/api.md); one dispatching route each. */
export const MODEL_FAMILIES = ['/api', '/sys', '/system', '/admin', '/online'] as const;

// Values stay strings (repeated names fail here); names and values are checked against the model by the handlers.
const QUERY = { type: 'object', additionalProperties: { type: 'string', maxLength: 20_000 } } as const;

export interface ModelRoutesOptions {
  store: ModelStore;
}

/**
 * The generic endpoints of every model the store holds (docs/api.md "Generic model endpoints"), with
 * nothing registered per model: one wildcard route per family whose access hook matches the request
 * against the store's current route table (accessPlugin, access 'model'), checks the matched
 * operation's permission, and whose handler runs that operation. Fastify prefers static and
 * parametric routes to wildcards, so the hand-written routes of a family keep answering.
 */
export default async function modelRoutes(app: FastifyInstance, options: ModelRoutesOptions): Promise<void> {
  const { db } = app.ctx;
  const { store } = options;
  app.addHook('onError', async (request, _reply, error) => {
    if (!(error instanceof AppError) || !REFUSED_IDENTIFIERS.has(error.code)) return;
    void logSecurityEvent(db.db, {
      event: 'identifier.refused',
      userId: request.auth?.userId,
      username: request.auth?.username,
      ip: request.ip,
      requestId: request.id,
      detail: `${request.method} ${request.dispatched?.route.url ?? request.routeOptions.url ?? ''}: ${error.code} ${JSON.stringify(error.params)}`,
    });
  });
  const config = { access: 'model' as const, dispatcher: store.dispatcher };
  const matched = (request: FastifyRequest): RouteMatch => {
    const match = request.dispatched as RouteMatch | null;
    // the access hook answers unmatched paths (401, then 404); this is only reached with a match
    if (!match) throw appError('CL_ERR_NOT_FOUND');
    return match;
  };
  // Reads (GET, and HEAD with it) carry no body: their wildcards live outside the upload plugin, whose
  // hooks would otherwise run on every list and get (npm run bench:cpu).
  await app.register(async (reads) => {
    for (const family of MODEL_FAMILIES) {
      reads.route({
        method: 'GET',
        url: `${family}/*`,
        schema: { querystring: QUERY },
        config,
        handler: async (request, reply) => matched(request).route.handler(request, reply),
      });
    }
  });
  await app.register(async (writes) => {
    // multipart bodies are parsed only by an operation that takes files (import), with limits of its own
    await writes.register(multipart, { limits: UPLOAD_LIMITS });
    for (const family of MODEL_FAMILIES) {
      writes.route({
        method: ['POST', 'PUT', 'DELETE'],
        url: `${family}/*`,
        schema: { querystring: QUERY },
        config,
        handler: async (request, reply) => {
          const match = matched(request);
          if (request.isMultipart() && !match.route.takesFiles)
            throw appError('CL_ERR_BAD_REQUEST', { detail: 'multipart bodies are accepted by imports only' });
          return match.route.handler(request, reply);
        },
      });
    }
  });
}
