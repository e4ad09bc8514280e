// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkCell, type CellContext, type CellRule } from '../../../../runtime/validation/cellRules';

const ctx = (values: unknown[], rowIndex = 0, lang: CellContext['lang'] = 'zh-CN'): CellContext => ({ label: '编号', lang, rowIndex, values });

describe('editable-table cell rules (spec 000 §5)', () => {
  it('required shows 不能为空, in every language', () => {
    expect(checkCell([{ required: true }], '', ctx(['']))).toBe('不能为空');
    expect(checkCell([{ required: true }], '  ', ctx(['  ']))).toBe('不能为空');
    expect(checkCell([{ required: true }], null, ctx([null], 0, 'zh-TW'))).toBe('不能為空');
    expect(checkCell([{ required: true }], undefined, ctx([undefined], 0, 'en'))).toBe('Cannot be empty');
    expect(checkCell([{ required: true }], 0, ctx([0]))).toBe('');
    expect(checkCell([{ required: true, message: '{label}必须填写' }], '', ctx(['']))).toBe('编号必须填写');
  });

  it('unique: no two rows share a value; empty cells are not duplicates', () => {
    const values = ['A1', 'B2', 'A1', '', ''];
    expect(checkCell([{ unique: true }], 'A1', ctx(values, 0))).toBe('编号不能重复');
    expect(checkCell([{ unique: true }], 'A1', ctx(values, 2, 'en'))).toBe('编号 must not repeat');
    expect(checkCell([{ unique: true }], 'B2', ctx(values, 1))).toBe('');
    expect(checkCell([{ unique: true }], '', ctx(values, 3))).toBe('');
    expect(checkCell([{ unique: true }], 1, ctx([1, '1'], 0))).toBe('编号不能重复');
  });

  it('pattern by code uses the code message; a custom regex falls back to a format message', () => {
    expect(checkCell([{ pattern: 'money' }], '1.234', ctx(['1.234']))).toBe('请输入正确的金额!');
    expect(checkCell([{ pattern: 'n6-16' }], '12345', ctx(['12345']))).toBe('请输入6到18位数字!');
    expect(checkCell([{ pattern: '^[A-Z]{2}\\d+$' }], 'ab1', ctx(['ab1']))).toBe('编号格式不正确');
    expect(checkCell([{ pattern: '^[A-Z]{2}\\d+$', message: '以两个大写字母开头' }], 'ab1', ctx(['ab1']))).toBe('以两个大写字母开头');
    expect(checkCell([{ pattern: '^[A-Z]{2}\\d+$' }], 'AB1', ctx(['AB1']))).toBe('');
    expect(checkCell([{ pattern: 'z' }], '', ctx(['']))).toBe('');
  });

  it('handler gets the value and the context', () => {
    const even: CellRule = { handler: (value) => (Number(value) % 2 === 0 ? '' : '必须是偶数') };
    expect(checkCell([even], '3', ctx(['3']))).toBe('必须是偶数');
    expect(checkCell([even], '4', ctx(['4']))).toBe('');
  });

  it('stops at the first broken rule, in the column order', () => {
    const rules: CellRule[] = [{ required: true }, { unique: true }, { pattern: 'z' }, { handler: () => 'never reached' }];
    expect(checkCell(rules, '', ctx(['', '']))).toBe('不能为空');
    expect(checkCell(rules, 'x', ctx(['x', 'x']))).toBe('编号不能重复');
    expect(checkCell(rules, 'x', ctx(['x', 'y']))).toBe('请输入整数!');
    expect(checkCell(rules, '5', ctx(['5', '6']))).toBe('never reached');
  });
});
