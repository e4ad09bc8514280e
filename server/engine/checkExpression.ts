import { compileExpression, ExpressionError } from '../../runtime/expression/index.js';

/**
 * The problems of one expression of a model file (compute, requiredWhen, visibleWhen, disabledWhen),
 * as messages; an empty list when it compiles. `fieldNames` are the names the expression may read,
 * so a misspelt field is found when the model loads rather than when a user types.
 */
export function checkExpression(source: string, fieldNames: readonly string[]): string[] {
  try {
    compileExpression(source, { fields: fieldNames });
    return [];
  } catch (error) {
    if (error instanceof ExpressionError) return [error.message];
    throw error;
  }
}
