// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { calculateFormula, FormulaError, formulaFields, parseFormula } from '../../../../runtime/calc/calculateFormula';

describe('calculated field formulas (spec 000 §5)', () => {
  it('applies precedence and parentheses with + - × ÷ and their ASCII forms', () => {
    expect(calculateFormula('1 + 2 × 3', {})).toBe(7);
    expect(calculateFormula('(1 + 2) × 3', {})).toBe(9);
    expect(calculateFormula('10 - 4 - 3', {})).toBe(3);
    expect(calculateFormula('12 ÷ 4 ÷ 3', {})).toBe(1);
    expect(calculateFormula('2 * (3 + 4) / 7', {})).toBe(2);
    expect(calculateFormula('((2))', {})).toBe(2);
  });

  it('reads field values by name, numbers or numeric text', () => {
    expect(calculateFormula('quantity × unitPrice', { quantity: 3, unitPrice: '2.5' })).toBe(7.5);
    expect(calculateFormula('数量 × 单价', { 数量: 2, 单价: 4 })).toBe(8);
    expect(formulaFields(parseFormula('a × (b + a) - 3'))).toEqual(['a', 'b']);
  });

  it('rounds to 2 decimals by GB/T 8170: exactly 5 goes to the even neighbour', () => {
    expect(calculateFormula('10 ÷ 3', {})).toBe(3.33);
    expect(calculateFormula('1.005 × 1', {})).toBe(1);
    expect(calculateFormula('1.015 × 1', {})).toBe(1.02);
    expect(calculateFormula('1.0051 × 1', {})).toBe(1.01);
    expect(calculateFormula('0.1 + 0.2', {})).toBe(0.3);
    expect(calculateFormula('0 - 2.345', {})).toBe(-2.34);
    expect(calculateFormula('0 - 2.355', {})).toBe(-2.36);
  });

  it('gives 0 for NaN and infinities: empty or non-numeric operands, unknown fields, division by zero', () => {
    expect(calculateFormula('a + 1', { a: '' })).toBe(0);
    expect(calculateFormula('a + 1', { a: 'abc' })).toBe(0);
    expect(calculateFormula('a + 1', {})).toBe(0);
    expect(calculateFormula('a + 1', { a: null })).toBe(0);
    expect(calculateFormula('0 ÷ 0', {})).toBe(0);
    expect(calculateFormula('1 ÷ 0', {})).toBe(0);
    expect(Object.is(calculateFormula('a × 0', { a: -1 }), -0)).toBe(false);
    expect(calculateFormula('constructor + 1', {})).toBe(0);
  });

  it('refuses formulas whose operands and operators do not alternate, or whose parentheses do not balance', () => {
    const refused: [string, string][] = [
      ['1 +', 'an operand is missing at the end'],
      ['1 + × 2', 'an operand is expected, not "×"'],
      ['1 2', 'an operator is expected, not "2"'],
      ['a b', 'an operator is expected, not "b"'],
      ['(1 + 2', 'a closing parenthesis is missing'],
      ['1 + 2)', 'an opening parenthesis is missing'],
      ['- 1', 'an operand is expected, not "-"'],
      ['', 'an operand is missing at the end'],
      ['1 % 2', 'unexpected "%"'],
      ['alert(1)', 'an operator is expected, not "("'],
      ['a.b', 'unexpected "."'],
    ];
    for (const [formula, message] of refused) {
      expect(() => parseFormula(formula), formula).toThrow(FormulaError);
      expect(() => parseFormula(formula), formula).toThrow(message);
    }
  });

  it('says where the problem is', () => {
    try {
      parseFormula('1 + × 2');
    } catch (error) {
      expect((error as FormulaError).at).toBe(4);
    }
  });
});
