import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_LIMITS } from '../engine/importRecords.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import type { RouteMatch } from '../engine/store/routeTable.js';
import { toApiEnvelope } from '../envelopes/toApiEnvelope.js';
import { appError } from '../errors.js';
import { successMessage } from '../i18n/messages.js';
import { authOf } from '../plugins/accessPlugin.js';
import { BASE_FIELD_DATA_SELECT, baseFieldDataSelectDispatcher } from '../visualdev/baseFieldDataSelect.js';
import { createOnlineDevDispatcher } from '../visualdev/onlineDevDispatcher.js';
import { ONLINE_DEV } from '../visualdev/onlineDevRoutes.js';
import { releaseDesign } from '../visualdev/releaseDesign.js';
import { closedObject } from './closedBody.js';

/** A model file is a few kilobytes; the largest shipped one is far below this. */
const CHECK_BODY_LIMIT = 256 * 1024;
const noQuery = { type: 'object', properties: { _t: { type: 'string', maxLength: 20 } }, additionalProperties: false } as const;

/**
 * Visual development (spec 001 §7): the release of a design (the designs themselves, their versions,
 * Copy, Diff and FormDataFields are the model visualdev.design, served by the engine at
 * /api/visualdev/Base), and the OnlineDev endpoints of every released design.
 */
export default async function visualdevRoutes(app: FastifyInstance, options: { store: ModelStore }): Promise<void> {
  const { store } = options;
  app.post<{ Params: { id: string }; Body: { confirm?: boolean } }>(
    '/api/visualdev/Base/:id/Actions/Release',
    {
      schema: {
        params: closedObject({ id: { type: 'string', minLength: 1, maxLength: 36 } }, ['id']),
        querystring: noQuery,
        body: { anyOf: [{ type: 'null' }, closedObject({ confirm: { type: 'boolean' } }, [])] },
      },
      config: { access: { permission: 'visualdev:design:release' } },
    },
    async (request) => {
      const result = await releaseDesign(store, request.params.id, { confirm: request.body?.confirm === true, by: authOf(request).username });
      return toApiEnvelope(result, successMessage('done', request.lang));
    },
  );

  // an OnlineDev import reads a multipart upload, with the engine's limits (modelRoutes.ts registers its own in its scope)
  await app.register(multipart, { limits: UPLOAD_LIMITS });
  // the designer's JSON view: the release's own checks, as a list of problems at their JSON paths
  app.post<{ Body: Record<string, unknown> }>(
    '/api/visualdev/Base/Actions/Check',
    {
      bodyLimit: CHECK_BODY_LIMIT,
      schema: { body: { type: 'object' }, querystring: noQuery },
      config: { access: { permission: 'visualdev:design:list' } },
    },
    async (request) => {
      const problems = store.problemsOf(request.body).map(({ path, message }) => ({ path: path || '/', message }));
      return toApiEnvelope({ problems }, successMessage('done', request.lang));
    },
  );

  const dispatcher = createOnlineDevDispatcher(store);
  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: `${ONLINE_DEV}/*`,
    schema: { querystring: { type: 'object', additionalProperties: { type: 'string', maxLength: 20_000 } } },
    config: { access: 'model', dispatcher },
    handler: async (request, reply) => {
      const match = request.dispatched as RouteMatch | null;
      if (!match) throw appError('CL_ERR_NOT_FOUND');
      if (request.isMultipart() && !match.route.takesFiles) throw appError('CL_ERR_BAD_REQUEST', { detail: 'multipart bodies are accepted by imports only' });
      return match.route.handler(request, reply);
    },
  });
  // the relation-form select at the address spec 001 §7 gives it too (baseFieldDataSelect.ts)
  app.get(BASE_FIELD_DATA_SELECT, {
    schema: { querystring: { type: 'object', additionalProperties: { type: 'string', maxLength: 20_000 } } },
    config: { access: 'model', dispatcher: baseFieldDataSelectDispatcher(dispatcher) },
    handler: async (request, reply) => {
      const match = request.dispatched as RouteMatch | null;
      if (!match) throw appError('CL_ERR_NOT_FOUND');
      return match.route.handler(request, reply);
    },
  });
}
