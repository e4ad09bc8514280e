import { describe, expect, it } from 'vitest';
import { compileExpression, compileFormula, ExpressionError, FormulaError } from '../../../../runtime/expression';

const run = (text: string, values: Record<string, unknown> = {}) => compileExpression(text).evaluate(values);

/** The calculation rules as a model's `compute` names them (docs/calculation-rules.md). */
describe('rule functions of the expression language', () => {
  it('roundEven: GB/T 8170, 2 decimals unless told', () => {
    expect(run('roundEven(x)', { x: 2.125 })).toBe(2.12);
    expect(run('roundEven(x)', { x: '2.135' })).toBe(2.14);
    expect(run('roundEven(x, 0)', { x: 12.5 })).toBe(12);
    expect(run('roundEven(x)', { x: '' })).toBeNull();
    expect(run("roundEven(x, 'a')", { x: 1 })).toBeNull();
  });

  it('medianAverage and medianAverageMinutes over a column of an editable table', () => {
    const rows = [{ time: 180 }, { time: 210 }, { time: 150 }];
    expect(run("medianAverageMinutes(column(rows, 'time'))", { rows })).toBe(180);
    expect(run("medianAverageMinutes(column(rows, 'time'), 20)", { rows })).toBeNull();
    expect(run('medianAverage([a, b, c])', { a: 110, b: 100, c: 90 })).toBe(100);
    expect(run('medianAverage([a, b, c])', { a: 110, b: '', c: 90 })).toBeNull();
  });

  it('rangeCheck, attritionRetest, cbrAverage, compressionIndex', () => {
    expect(run('rangeCheck(rows)', { rows: [{ value: 5, min: 5, max: 10 }] })).toBe(true);
    expect(run("rangeCheck(rows, 'v', 'lo', 'hi')", { rows: [{ v: 11, lo: 5, hi: 10 }] })).toBe(false);
    expect(run('rangeCheck(rows)', { rows: [] })).toBeNull();
    expect(run('attritionRetest(rate, 30)', { rate: 30 })).toBe('');
    expect(run("attritionRetest(rate, 30, '复检')", { rate: 31 })).toBe('复检');
    expect(run('cbrAverage(v)', { v: [87, 100, 112] })).toBe(106);
    expect(run("cbrAverage(v, 'difference')", { v: [1.8, 1.831, 1.81] })).toBeCloseTo(1.805, 12);
    expect(run("cbrAverage(v, 'other')", { v: [1, 2, 3] })).toBeNull();
    expect(
      run("roundEven(compressionIndex(rows, 'p', 'e'), 3)", {
        rows: [
          { p: 100, e: 0.9 },
          { p: 1000, e: 0.6 },
        ],
      }),
    ).toBe(0.3);
    expect(run('compressionIndex(rows)', { rows: [{ pressure: 100, voidRatio: 0.9 }] })).toBeNull();
  });

  it('log10, column and amountInCapitals', () => {
    expect(run('log10(1000)')).toBe(3);
    expect(run('log10(0)')).toBeNull();
    expect(run("column(rows, 'a')", { rows: [{ a: 1 }, {}, null] })).toEqual([1, null, null]);
    expect(run("column(rows, 'constructor')", { rows: [{}] })).toEqual([null]);
    expect(run('amountInCapitals(x)', { x: 123.45 })).toBe('壹佰贰拾叁元肆角伍分');
    expect(run('amountInCapitals(x)', { x: -1 })).toBe('');
  });

  it('checks the argument count when the expression compiles', () => {
    expect(() => compileExpression('attritionRetest(rate)')).toThrow(ExpressionError);
    expect(() => compileExpression('roundEven(1, 2, 3)')).toThrow(ExpressionError);
  });

  it('compileFormula: a calculated field’s formula as the server recomputes it, with the fields it reads', () => {
    const density = compileFormula('(mass - tare) ÷ volume');
    expect(density.dependencies).toEqual(['mass', 'tare', 'volume']);
    expect(density.evaluate({ mass: 10.5, tare: 2, volume: 4 })).toBe(2.12);
    expect(density.evaluate({ mass: 10.5, tare: 2, volume: 0 })).toBe(0);
    expect(density.evaluate({ mass: '', tare: 2, volume: 4 })).toBe(0);
    expect(() => compileFormula('mass ÷')).toThrow(FormulaError);
  });
});
