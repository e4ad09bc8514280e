import { familyOf } from '../../runtime/model/familyOf.js';
import { toApiEnvelope } from '../envelopes/toApiEnvelope.js';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { successMessage } from '../i18n/messages.js';
import type { CompiledModel } from './compileModel.js';
import type { EngineEnv } from './engineEnv.js';
import { createLookupReader } from './readRecords.js';
import { assertQueryNames, splitRoute } from './requestParts.js';
import type { ModelRoute } from './store/routeTable.js';

/**
 * api.lookups: read-only projections for pickers on other screens, e.g. GET /sys/position/select
 * -> [{code, name}]. They answer in the envelope of their own URL's family (jeecg: the array as
 * result; api: {list}), which need not be the model's dialect.
 */
export function lookupRoutes(env: EngineEnv, model: CompiledModel): ModelRoute[] {
  return Object.values(model.model.api.lookups ?? {}).map((lookup) => {
    const route = splitRoute(lookup.route);
    const read = createLookupReader(env, model, lookup);
    const family = familyOf(route.url);
    return {
      method: route.method,
      url: route.url,
      access: lookup.access === 'authenticated' ? 'authenticated' : { permission: model.permission('list') },
      modelId: model.model.id,
      handler: async (request) => {
        assertQueryNames(request, ['_t']);
        const rows = await read(await env.contextFor(request, model));
        const message = successMessage('done', request.lang);
        return family === 'api' ? toApiEnvelope({ list: rows }, message) : toJeecgEnvelope(rows, message);
      },
    };
  });
}
