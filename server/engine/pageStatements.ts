import type { CompiledRead } from '../db/slowReads.js';
import type { CompiledModel } from './compileModel.js';
import type { DataScope } from './dataScope.js';

/**
 * The compiled statements of recent list pages. A page's SQL text and bound values are a function of
 * the compiled model, the caller's data scope (its condition and the fields it hides) and the
 * request's checked parts (tenant, filters, sort, page), nothing else: so a request identical to a
 * recent one (every user opening a list's first page, a list refreshed) reuses the statement instead
 * of building and compiling it again, which cost a list request more than the indexed read itself.
 *
 * Statements are kept per model object and per scope object: a released model or a user whose
 * identity or rules moved gets a new object (dataScopeCache.ts), so nothing compiled for the old one
 * is ever served for the new. The key names every other input, the tenant included (the unrestricted
 * scope is one object for everybody). Bounded per scope; the least recently used go first.
 */
export interface PageStatements {
  /** the statement `key` names for this model and scope, compiled by `build` on first use */
  get(model: CompiledModel, scope: DataScope, key: string, build: () => CompiledRead): CompiledRead;
}

export function createPageStatements(maxPerScope = 200): PageStatements {
  const byModel = new WeakMap<CompiledModel, WeakMap<DataScope, Map<string, CompiledRead>>>();
  return {
    get(model, scope, key, build) {
      let byScope = byModel.get(model);
      if (!byScope) byModel.set(model, (byScope = new WeakMap()));
      let statements = byScope.get(scope);
      if (!statements) byScope.set(scope, (statements = new Map()));
      let statement = statements.get(key);
      if (statement) {
        // least recently used go first: pages past anchors (one statement per anchor) must not push
        // out the first pages every user opens
        statements.delete(key);
      } else {
        statement = build();
        if (statements.size >= maxPerScope) statements.delete(statements.keys().next().value!);
      }
      statements.set(key, statement);
      return statement;
    },
  };
}
