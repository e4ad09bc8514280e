import { calculateFormula, FormulaError, formulaFields, parseFormula } from '../calc/calculateFormula';
import type { CompiledExpression } from './compileExpression';

export { FormulaError };

/**
 * A calculated field's formula (spec 000 §5: field names and numbers, + - × ÷, parentheses; 2 decimals
 * by GB/T 8170, NaN and ±Infinity 0) compiled like an expression, so the server recomputes it beside
 * the fields' `compute` values with the very function the CalcField widget calls in the form
 * (runtime/calc/calculateFormula.ts). Throws FormulaError (with the offset) for a formula whose
 * operands and operators do not alternate.
 */
export function compileFormula(formula: string): CompiledExpression {
  const tree = parseFormula(formula);
  return {
    evaluate: (values) => calculateFormula(tree, values ?? {}),
    dependencies: Object.freeze(formulaFields(tree)),
  };
}
