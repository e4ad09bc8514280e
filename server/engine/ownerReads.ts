import { resolveOperations } from '../../runtime/model/resolveOperations.js';
import type { ModelFile } from '../../runtime/model/types.js';
import type { CompiledModel } from './compileModel.js';
import type { EngineEnv } from './engineEnv.js';
import { envelopeOf, refuseSelfOnly } from './operationRoutes.js';
import { getRecord } from './readRecords.js';
import { assertQueryNames, idOf, splitRoute } from './requestParts.js';
import type { ModelRoute } from './store/routeTable.js';

interface Owned {
  model: ModelFile;
  compiled: CompiledModel;
  routes: readonly ModelRoute[];
}

/**
 * Personal information (a model's api.self) shows the caller's own record with its sub-record tabs
 * (spec 001 §2: of the staff dialog's modes only add hides tabs 2–8). A caller without a tab model's
 * permissions may still read that tab's rows that hang on their own account: its list with the tab's
 * foreign key equal to their user id, and one record whose foreign key is their id. Anything else is
 * refused (CL_ERR_SELF_ONLY) and logged like the other self-service calls; writes keep their permissions.
 * Callers holding the permissions are not affected. Returns every route, those reads wrapped.
 */
export function withOwnerReads(env: EngineEnv, entries: Iterable<Owned>): ModelRoute[] {
  const all = [...entries];
  const owners = new Map<string, string>();
  for (const { model } of all) {
    if (!model.api.self) continue;
    for (const tab of model.tabs ?? []) owners.set(tab.model, tab.foreignKey);
  }
  return all.flatMap(({ model, compiled, routes }) => {
    const foreignKey = owners.get(model.id);
    if (foreignKey === undefined || !compiled.fields.get(foreignKey)) return routes;
    const operations = resolveOperations(model);
    const key = (spec: string | undefined) => (spec ? `${splitRoute(spec).method} ${splitRoute(spec).url}` : '');
    const list = key(operations.list);
    const get = key(operations.get);
    return routes.map((route) => {
      const which = `${route.method} ${route.url}`;
      if (typeof route.access !== 'object' || (which !== list && which !== get)) return route;
      const inner = route.handler;
      const handler: ModelRoute['handler'] = async (request, reply) => {
        if (!request.selfOnly) return inner(request, reply);
        const me = request.auth!.userId;
        if (which === list) {
          const named = (request.query as Record<string, unknown>)[foreignKey];
          if (named !== me) await refuseSelfOnly(env, request, `${foreignKey}=${String(named).slice(0, 64)}`);
          return inner(request, reply);
        }
        assertQueryNames(request, ['_t', 'id']);
        const row = await getRecord(env, compiled, idOf(request), await env.contextFor(request, compiled)).catch(() => null);
        if (row?.[foreignKey] !== me) await refuseSelfOnly(env, request, `record ${idOf(request).slice(0, 64)}`);
        return envelopeOf(compiled)(row, 'done', request);
      };
      return { ...route, access: { ...route.access, self: true }, handler };
    });
  });
}
