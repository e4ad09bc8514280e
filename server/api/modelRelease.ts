import type { FastifyInstance } from 'fastify';
import type { ModelStore } from '../engine/store/modelStore.js';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { successMessage } from '../i18n/messages.js';
import { authOf } from '../plugins/accessPlugin.js';

/** A model file is a few kilobytes; the largest shipped one is far below this. */
const RELEASE_BODY_LIMIT = 256 * 1024;

/**
 * POST /system/model/release: releases a model file at run time (the model store: validate, migrate
 * the table additively, swap it in, tell the other servers). The body is the model JSON itself; the
 * store checks it against the meta-schema, so the route only insists on an object.
 */
export default async function modelReleaseRoutes(app: FastifyInstance, options: { store: ModelStore }): Promise<void> {
  app.post(
    '/system/model/release',
    {
      bodyLimit: RELEASE_BODY_LIMIT,
      schema: { body: { type: 'object' }, querystring: { type: 'object', properties: { _t: { type: 'string', maxLength: 20 } }, additionalProperties: false } },
      config: { access: { permission: 'system:model:release' } },
    },
    async (request) => {
      const result = await options.store.release(request.body, { by: authOf(request).username });
      return toJeecgEnvelope(result, successMessage('done', request.lang));
    },
  );
}
