import type { FastifyInstance } from 'fastify';
import { logSecurityEvent } from '../auth/securityLog.js';
import { AppError, type ErrorCode } from '../errors.js';
import { compileModel } from './compileModel.js';
import { createContextFor } from './context.js';
import { UNRESTRICTED } from './dataScope.js';
import type { EngineEnv } from './engineEnv.js';
import { createHookRegistry, type HookRegistry } from './hookRegistry.js';
import { registerLookups } from './lookupRoutes.js';
import { registerOperations } from './operationRoutes.js';
import { createDictTexts } from './toDictText.js';
import { createTableCache, createTableGenerations } from './tableCache.js';

/** Refusals that name an identifier a model does not declare: probing, or a client out of step (security.md §21). */
const REFUSED_IDENTIFIERS: ReadonlySet<ErrorCode> = new Set([
  'CL_ERR_FIELD_UNKNOWN',
  'CL_ERR_FIELD_READONLY',
  'CL_ERR_SORT_UNKNOWN',
  'CL_ERR_QUERY_PARAM_UNKNOWN',
  'CL_ERR_QUERY_RULE_UNKNOWN',
]);

export interface ModelRoutesOptions {
  /** named hooks the models may reference (model.hooks.beforeWrite); an unknown name fails startup */
  hooks?: HookRegistry;
}

/**
 * The generic endpoints of every loaded model (docs/api.md "Generic model endpoints") and their
 * lookups. Each model is compiled once here: field whitelist, column references, validators,
 * the list-parameter table. Requests only look things up.
 */
export default async function modelRoutes(app: FastifyInstance, options: ModelRoutesOptions = {}): Promise<void> {
  const { db, modules, dicts, translate } = app.ctx;
  const hooks = options.hooks ?? createHookRegistry();
  const generations = createTableGenerations();
  const env: EngineEnv = {
    db: db.db,
    reader: db.db.withoutPlugins() as unknown as EngineEnv['reader'],
    slow: db.slowReads,
    translate,
    toDictText: createDictTexts(dicts, translate),
    generations,
    totals: createTableCache<number>({ generations }),
    // anchor sets are larger (up to ~2,000 rows each): keep fewer of them
    anchors: createTableCache({ generations, maxEntries: 200 }),
    contextFor: createContextFor(async () => UNRESTRICTED),
  };
  app.addHook('onError', async (request, _reply, error) => {
    if (!(error instanceof AppError) || !REFUSED_IDENTIFIERS.has(error.code)) return;
    void logSecurityEvent(db.db, {
      event: 'identifier.refused',
      userId: request.auth?.userId,
      username: request.auth?.username,
      ip: request.ip,
      requestId: request.id,
      detail: `${request.method} ${request.routeOptions.url ?? ''}: ${error.code} ${JSON.stringify(error.params)}`,
    });
  });
  for (const model of modules.models.values()) {
    const compiled = compileModel(model, db.adapter, hooks);
    registerOperations(app, env, compiled);
    registerLookups(app, env, compiled);
  }
}
