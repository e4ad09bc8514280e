import type { FastifyRequest } from 'fastify';
import { authOf, type AuthContext } from '../plugins/accessPlugin.js';
import type { CompiledModel } from './compileModel.js';
import type { DataScope } from './dataScope.js';
import type { EngineContext } from './EngineContext.js';

export type { EngineContext } from './EngineContext.js';

/** The engine context of one request for one model (data rules resolved and compiled for that model). */
export type ContextFor = (request: FastifyRequest, model: CompiledModel) => Promise<EngineContext>;

/** Resolves a user's data scope on a model; cached per user and rule set (dataScopeRules.ts). */
export type ScopeOf = (auth: AuthContext, model: CompiledModel) => Promise<DataScope>;

export function createContextFor(scopeOf: ScopeOf): ContextFor {
  return async (request, model) => {
    const auth = authOf(request);
    return { auth, tenantId: auth.tenantId, lang: request.lang, scope: await scopeOf(auth, model) };
  };
}
