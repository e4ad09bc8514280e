import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { CompiledModel } from './compileModel.js';
import type { EngineContext } from './EngineContext.js';
import type { EngineEnv } from './engineEnv.js';
import type { HookRegistry, OperationHookContext } from './hookRegistry.js';
import { visibleContainsSql } from './containsText.js';
import { withoutHidden } from './fieldAccess.js';
import { envelopeOf } from './operationRoutes.js';
import { presentRows } from './presentRows.js';
import { getRecord } from './readRecords.js';
import { assertQueryNames, bodyOf, idOf, splitRoute } from './requestParts.js';
import type { ModelRoute } from './store/routeTable.js';
import type { Row } from './toDictText.js';
import { inWrite } from './writeRecord.js';
import { orderSql, scopeConditions } from './whereSql.js';
import { namedOperationRoute, namedOperationsOf } from './namedOperations.js';

const MAX_PARAM_LENGTH = 200;
const MAX_HOOK_ROWS = 5_000;

/** The declared query parameters as strings (Fastify's schema already refused repeated names). */
function declaredQuery(query: unknown, names: readonly string[]): Record<string, string> {
  const all = (query ?? {}) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const name of names) if (typeof all[name] === 'string') out[name] = (all[name] as string).slice(0, 2000);
  return out;
}

function pathParams(params: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries((params ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string' && value.length <= MAX_PARAM_LENGTH) out[name] = value;
  }
  return out;
}

/** The read helpers a hook gets: the scope as one condition, rows of the model through it, and a search over the fields the caller sees. */
function scopedReads(
  env: EngineEnv,
  model: CompiledModel,
  context: EngineContext,
  trx: Transaction<Database>,
): Pick<OperationHookContext, 'scopeSql' | 'rows' | 'search' | 'hiddenFieldsOf'> {
  const conditions = scopeConditions(model, context);
  const scopeSql = conditions.length > 0 ? sql`(${sql.join(conditions, sql` and `)})` : sql`1 = 1`;
  return {
    scopeSql,
    rows: async (where: RawBuilder<unknown>[] = [], limit = MAX_HOOK_ROWS) => {
      const all = sql.join([scopeSql, ...where], sql` and `);
      const query = sql<Row>`select ${model.selectList} from ${model.table} where ${all} ${orderSql(model.defaultSort, model)} limit ${Math.min(limit, MAX_HOOK_ROWS)}`;
      // through the operation's own transaction: an embedded database may have one connection, which the transaction holds
      const reader = trx.withoutPlugins();
      const { rows } = await query.execute(reader);
      // without the fields the caller's roles hide, as the model's list answers its rows (fieldAccess.ts)
      return withoutHidden(await presentRows(env, model, rows, context, { db: reader as unknown as Kysely<unknown> }), context.scope.fields);
    },
    search: (fields, text) => visibleContainsSql(model, fields, text, context.scope.fields),
    hiddenFieldsOf: async (modelId) => {
      const other = env.modelOf(modelId);
      if (!other) throw new Error(`hiddenFieldsOf: no model ${modelId} is served`);
      return (await env.scopeOf(context.auth, other)).fields?.hidden ?? new Set<string>();
    },
  };
}

/**
 * The model's named operations: each checks `<prefix><permission>`, reads its target record through
 * the caller's data scope (a record out of reach is "not found"), and runs its hook in one transaction;
 * the model's table and every table the hook touched lose their cached totals afterwards (a GET
 * operation only reads, so it keeps them). The query parameters the hook declared at registration are
 * handed to it; any other is refused. An unknown hook name throws here, which fails start-up or refuses
 * the release naming the model and operation.
 */
export function namedOperationRoutes(env: EngineEnv, model: CompiledModel, hooks: HookRegistry): ModelRoute[] {
  const envelope = envelopeOf(model);
  return Object.entries(namedOperationsOf(model.model)).map(([name, def]) => {
    const hook = hooks.getOperation(def.hook);
    if (!hook) throw new Error(`model ${model.model.id}: operations.${name}.hook names "${def.hook}", which is not a registered operation hook`);
    const queryNames = hooks.operationOptions(def.hook).query ?? [];
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
        assertQueryNames(request, [...(target === 'record' && !route.hasId ? ['_t', 'id'] : ['_t']), ...queryNames]);
        const context = await env.contextFor(request, model);
        const body = bodyOf(request);
        const record = target === 'record' ? await getRecord(env, model, idOf(request), context) : null;
        const committed: Array<() => Promise<void>> = [];
        const afterCommit = (task: () => Promise<void>) => void committed.push(task);
        const parts = { model: model.model, context, record, body, query: declaredQuery(request.query, queryNames), params: pathParams(request.params) };
        const reads = (trx: Transaction<Database>) => scopedReads(env, model, context, trx);
        const data =
          route.method === 'GET'
            ? await env.db.transaction().execute((trx) => Promise.resolve(hook({ ...parts, ...reads(trx), db: trx, touch: () => {}, afterCommit })))
            : await inWrite(env, model, context, async ({ trx, touch }) => hook({ ...parts, ...reads(trx), db: trx, touch, afterCommit }));
        // the change is in: a failed follow-up is logged, never turned into a failed answer
        for (const task of committed)
          await task().catch((error: unknown) => request.log.warn({ err: error }, `${model.model.id}.${name}: after-commit task failed`));
        return envelope(data ?? null, 'done', request);
      },
    };
  });
}
