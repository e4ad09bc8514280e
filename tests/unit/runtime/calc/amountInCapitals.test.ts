// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { AMOUNT_TOO_LARGE, amountInCapitals } from '../../../../runtime/calc/amountInCapitals';

describe('amount in Chinese capitals (spec 000 §5, 001 §5)', () => {
  it.each([
    [0, '零元整'],
    ['0', '零元整'],
    [1, '壹元整'],
    [10, '壹拾元整'],
    [101, '壹佰零壹元整'],
    [1001, '壹仟零壹元整'],
    [10000, '壹万元整'],
    [100010, '壹拾万零壹拾元整'],
    [123456789, '壹亿贰仟叁佰肆拾伍万陆仟柒佰捌拾玖元整'],
    [100000000, '壹亿元整'],
    [100000001, '壹亿零壹元整'],
    ['999999999999', '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整'],
    [1.5, '壹元伍角'],
    [1.05, '壹元伍分'],
    [1.25, '壹元贰角伍分'],
    [0.5, '伍角'],
    [0.07, '柒分'],
    ['12.345', '壹拾贰元叁角伍分'],
    ['0.999', '壹元整'],
    [' 88 ', '捌拾捌元整'],
  ])('%s → %s', (input, expected) => {
    expect(amountInCapitals(input)).toBe(expected);
  });

  it('is empty for negative or non-numeric values', () => {
    for (const input of [-1, '-0.5', 'abc', '', '1.2.3', NaN, Infinity, null, undefined, {}, '1e5']) expect(amountInCapitals(input), String(input)).toBe('');
  });

  it('answers 金额过大无法计算 above 12 integer digits', () => {
    expect(AMOUNT_TOO_LARGE).toBe('金额过大无法计算');
    expect(amountInCapitals('1000000000000')).toBe('金额过大无法计算');
    expect(amountInCapitals(1e13)).toBe('金额过大无法计算');
    expect(amountInCapitals('999999999999.995')).toBe('金额过大无法计算');
    expect(amountInCapitals('000000000000001')).toBe('壹元整');
  });
});
