/**
 * The problems of one expression of a model file (compute, requiredWhen, visibleWhen, disabledWhen),
 * as messages; an empty list when it is fine. `fieldNames` are the names the expression may use.
 *
 * The expression language lives in runtime/expression/ (jsep-based, no eval); this is the one place
 * model checking asks it, so its compile errors (syntax, unknown names) reach check:schemas with the
 * file and JSON path. Until that language is on main, an expression is checked as what the
 * meta-schema already guarantees plus not being blank.
 */
export function checkExpression(source: string, fieldNames: readonly string[]): string[] {
  void fieldNames;
  return source.trim() === '' ? ['an expression cannot be blank'] : [];
}
