import type { FastifyInstance } from 'fastify';
import { familyOf } from '../../runtime/model/familyOf.js';
import { toApiEnvelope } from '../envelopes/toApiEnvelope.js';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { successMessage } from '../i18n/messages.js';
import type { CompiledModel } from './compileModel.js';
import type { EngineEnv } from './engineEnv.js';
import { createLookupReader } from './readRecords.js';
import { assertQueryNames, splitRoute } from './requestParts.js';

const QUERY = { type: 'object', additionalProperties: { type: 'string', maxLength: 100 } } as const;

/**
 * api.lookups: read-only projections for pickers on other screens, e.g. GET /sys/position/select
 * -> [{code, name}]. They answer in the envelope of their own URL's family (jeecg: the array as
 * result; api: {list}), which need not be the model's dialect.
 */
export function registerLookups(app: FastifyInstance, env: EngineEnv, model: CompiledModel): void {
  for (const lookup of Object.values(model.model.api.lookups ?? {})) {
    const route = splitRoute(lookup.route);
    const read = createLookupReader(env, model, lookup);
    const family = familyOf(route.url);
    app.route({
      method: route.method,
      url: route.url,
      schema: { querystring: QUERY },
      config: { access: lookup.access === 'authenticated' ? 'authenticated' : { permission: model.permission('list') } },
      handler: async (request) => {
        assertQueryNames(request, ['_t']);
        const rows = await read(await env.contextFor(request, model));
        const message = successMessage('done', request.lang);
        return family === 'api' ? toApiEnvelope({ list: rows }, message) : toJeecgEnvelope(rows, message);
      },
    });
  }
}
