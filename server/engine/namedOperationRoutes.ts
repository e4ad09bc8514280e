import type { CompiledModel } from './compileModel.js';
import type { EngineEnv } from './engineEnv.js';
import type { HookRegistry } from './hookRegistry.js';
import { envelopeOf } from './operationRoutes.js';
import { getRecord } from './readRecords.js';
import { assertQueryNames, bodyOf, idOf, splitRoute } from './requestParts.js';
import type { ModelRoute } from './store/routeTable.js';
import { inWrite } from './writeRecord.js';
import { namedOperationRoute, namedOperationsOf } from './namedOperations.js';

/**
 * The model's named operations: each checks `<prefix><permission>`, reads its target record through
 * the caller's data scope (a record out of reach is "not found"), and runs its hook in one transaction;
 * the model's table and every table the hook touched lose their cached totals afterwards. An unknown
 * hook name throws here, which fails start-up or refuses the release naming the model and operation.
 */
export function namedOperationRoutes(env: EngineEnv, model: CompiledModel, hooks: HookRegistry): ModelRoute[] {
  const envelope = envelopeOf(model);
  return Object.entries(namedOperationsOf(model.model)).map(([name, def]) => {
    const hook = hooks.getOperation(def.hook);
    if (!hook) throw new Error(`model ${model.model.id}: operations.${name}.hook names "${def.hook}", which is not a registered operation hook`);
    const route = splitRoute(namedOperationRoute(model.model, def));
    const target = def.target ?? 'collection';
    // the api dialect names records in the path; a jeecg route may take ?id= instead, as its get and delete do
    if (target === 'record' && !route.hasId && model.model.api.dialect === 'api') {
      throw new Error(`model ${model.model.id}: operations.${name} targets a record, so its route needs {id}`);
    }
    return {
      method: route.method,
      url: route.url,
      access: { permission: `${model.model.permissions.prefix}${def.permission}` },
      modelId: model.model.id,
      handler: async (request) => {
        // a jeecg record operation names its record as the dialect's get and delete do: ?id= when the route has no {id}
        assertQueryNames(request, target === 'record' && !route.hasId ? ['_t', 'id'] : ['_t']);
        const context = await env.contextFor(request, model);
        const body = bodyOf(request);
        const record = target === 'record' ? await getRecord(env, model, idOf(request), context) : null;
        const committed: Array<() => Promise<void>> = [];
        const afterCommit = (task: () => Promise<void>) => void committed.push(task);
        const data = await inWrite(env, model, context, async ({ trx, touch }) =>
          hook({ model: model.model, context, record, body, db: trx, touch, afterCommit }),
        );
        // the change is in: a failed follow-up is logged, never turned into a failed answer
        for (const task of committed)
          await task().catch((error: unknown) => request.log.warn({ err: error }, `${model.model.id}.${name}: after-commit task failed`));
        return envelope(data ?? null, 'done', request);
      },
    };
  });
}
