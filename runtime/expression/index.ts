/** The model expression language: pure TypeScript, shared by the client and the server. */
export { compileExpression, type CompileOptions, type CompiledExpression } from './compileExpression';
export { compileFormula, FormulaError } from './compileFormula';
export { ExpressionError, type ExpressionErrorCode } from './ExpressionError';
export { roundHalfAwayFromZero } from './functions';
export { isTruthy } from './values';
