import { Schema } from '@formily/json-schema';
import { compileExpression, type CompiledExpression } from '../expression';

// Models are few and their expressions fixed, so the cache stays small; the bound only guards against
// a page that builds expressions from data.
const MAX_CACHED = 500;
const cache = new Map<string, CompiledExpression>();

function compiled(expression: string): CompiledExpression {
  let found = cache.get(expression);
  if (!found) {
    found = compileExpression(expression);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(expression, found);
  }
  return found;
}

/**
 * Formily's compiler for '{{…}}' strings, without `new Function` + `with` (Formily's default, which a
 * Content-Security-Policy without 'unsafe-eval' forbids): the text is an expression of the model
 * language (runtime/expression), evaluated against the form's values. Formily's scope variables ($self,
 * $deps…) are not part of the language: field names are. A text outside the language throws an
 * ExpressionError naming the problem, and nothing runs.
 */
export function evaluateSchemaExpression(expression: string, scope?: { $values?: unknown }): unknown {
  return compiled(expression.trim()).evaluate((scope?.$values ?? {}) as Record<string, unknown>);
}

let installed = false;

/**
 * Formily keeps one compiler per page (a module-level registry we cannot scope to a runtime), so this
 * installs ours once; every runtime calls it and only the first call changes anything.
 */
export function installSafeCompiler(): void {
  if (installed) return;
  Schema.registerCompiler(evaluateSchemaExpression);
  installed = true;
}
