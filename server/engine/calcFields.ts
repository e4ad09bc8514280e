import { compileFormula, FormulaError, type CompiledExpression } from '../../runtime/expression/index.js';
import { formFieldItems } from '../../runtime/model/formFieldItems.js';
import type { ModelFile } from '../../runtime/model/types.js';

/** The calculated-field widget (runtime/fields/CalcField.tsx): its value is its formula's over the form's fields. */
export const CALC_WIDGET = 'CalcField';

export interface CalcFieldFormula {
  /** the field the form shows as a calculated field */
  field: string;
  /** JSON pointer of its form item, for load problems */
  path: string;
  formula: string;
}

/** The calculated fields a model's form places, with their formulas (x-component-props.formula). */
export function calcFieldFormulas(model: Pick<ModelFile, 'form'>): CalcFieldFormula[] {
  return formFieldItems(model.form).flatMap(({ item, name, path }) => {
    if (typeof item !== 'object' || item['x-component'] !== CALC_WIDGET) return [];
    const formula = (item['x-component-props'] as { formula?: unknown } | undefined)?.formula;
    return [{ field: name, path, formula: typeof formula === 'string' ? formula : '' }];
  });
}

/**
 * The load problems of the model's calculated fields: a formula that does not parse (operands and
 * operators must alternate), names a field the entity lacks, or sits on a field that is not a number
 * or also has a `compute` (one value, one rule).
 */
export function calcFieldProblems(model: ModelFile): { path: string; message: string }[] {
  const fields = model.entity.fields;
  return calcFieldFormulas(model).flatMap(({ field, path, formula }) => {
    const at = `${path}/x-component-props/formula`;
    let compiled: CompiledExpression;
    try {
      compiled = compileFormula(formula);
    } catch (error) {
      if (error instanceof FormulaError) return [{ path: at, message: `the formula does not parse: ${error.message} (at ${error.at})` }];
      throw error;
    }
    const problems = compiled.dependencies
      .filter((name) => !Object.hasOwn(fields, name))
      .map((name) => ({ path: at, message: `the formula names unknown field "${name}"` }));
    const def = fields[field];
    if (def && def.type !== 'number')
      problems.push({ path, message: `field "${field}" is a calculated field: its value has 2 decimals, so its type is number, not ${def.type}` });
    if (def?.compute !== undefined) problems.push({ path, message: `field "${field}" is a calculated field and has a compute: give it one of them` });
    return problems;
  });
}

/**
 * The calculated fields as expressions the server recomputes on every create, update and import, after
 * the fields' `compute` values (spec 000 §5: the formula over the record's fields, 2 decimals by
 * GB/T 8170, NaN and ±Infinity 0): the function the widget calls in the form, so the stored value is
 * the one the user saw and a value sent otherwise is replaced. The model was checked at load
 * (calcFieldProblems), so every formula parses.
 */
export function calcFieldExpressions(model: Pick<ModelFile, 'form'>): { field: string; expression: CompiledExpression }[] {
  return calcFieldFormulas(model).map(({ field, formula }) => ({ field, expression: compileFormula(formula) }));
}
