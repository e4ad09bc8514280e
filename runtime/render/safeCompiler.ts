import { Schema } from '@formily/json-schema';

/**
 * Formily's default compiler runs '{{…}}' strings through `new Function` + `with`. Model files may not
 * contain code (the meta-schema refuses '{{' in props; behaviour is a named hook), so ours evaluates
 * nothing: an expression that reaches it is a model error, reported with the expression.
 */
export function rejectExpression(expression: string): never {
  throw new Error(`Schema expressions are not allowed in Cloudlab models: "{{${expression}}}" (use a named hook instead)`);
}

let installed = false;

/**
 * Formily keeps one compiler per page (a module-level registry we cannot scope to a runtime), so this
 * installs ours once; every runtime calls it and only the first call changes anything.
 */
export function installSafeCompiler(): void {
  if (installed) return;
  Schema.registerCompiler(rejectExpression);
  installed = true;
}
