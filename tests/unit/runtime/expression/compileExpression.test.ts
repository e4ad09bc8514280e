import { describe, expect, it } from 'vitest';
import { compileExpression, ExpressionError, roundHalfAwayFromZero } from '../../../../runtime/expression';

const FIELDS = ['a', 'b', 'c', 'status', 'price', 'quantity', 'name', 'tags', 'owner', 'startDate', 'endDate'];
const run = (text: string, values: Record<string, unknown> = {}) => compileExpression(text, { fields: FIELDS }).evaluate(values);

function compileError(text: string, fields: readonly string[] | undefined = FIELDS): ExpressionError {
  try {
    compileExpression(text, { fields });
  } catch (error) {
    expect(error).toBeInstanceOf(ExpressionError);
    return error as ExpressionError;
  }
  throw new Error(`"${text}" compiled`);
}

describe('expression language: values and operators', () => {
  it('reads literals and fields', () => {
    expect(run('1.5')).toBe(1.5);
    expect(run("'检测'")).toBe('检测');
    expect(run('true')).toBe(true);
    expect(run('null')).toBeNull();
    expect(run('status', { status: 1 })).toBe(1);
    expect(run('[1, a]', { a: 2 })).toEqual([1, 2]);
  });

  it('follows JavaScript precedence and associativity', () => {
    expect(run('1 + 2 * 3')).toBe(7);
    expect(run('(1 + 2) * 3')).toBe(9);
    expect(run('10 - 4 - 3')).toBe(3);
    expect(run('20 / 5 / 2')).toBe(2);
    expect(run('7 % 4 * 2')).toBe(6);
    expect(run('-a + 1', { a: 3 })).toBe(-2);
    expect(run('1 + 2 > 2 && 3 < 4')).toBe(true);
    expect(run('!a == b', { a: 0, b: true })).toBe(true);
    expect(run('a || b && c', { a: 0, b: 1, c: 'x' })).toBe('x');
    expect(run('a ? 1 : b ? 2 : 3', { a: false, b: true })).toBe(2);
  });

  it('short-circuits && || ?? and ?: (the other side is never evaluated)', () => {
    // a call on the unevaluated side would throw if it ran: round() of a list is null, but min(…) of a
    // nested member of null would not; the proof is the value: the right side's value never appears
    expect(run('a && b.c.d', { a: 0 })).toBe(0);
    expect(run('a || b.c.d', { a: 'kept' })).toBe('kept');
    expect(run('a ?? b', { a: 0, b: 5 })).toBe(0);
    expect(run('a ?? b', { a: null, b: 5 })).toBe(5);
    expect(run('a ?? b', { b: 5 })).toBe(5);
    expect(run('a ? b : c', { a: 1, b: 'then', c: 'else' })).toBe('then');
  });

  it('short-circuit skips evaluating the other branch: today() is not called', () => {
    let calls = 0;
    const expression = compileExpression('a || today() == b', { fields: ['a', 'b'], now: () => (calls++, new Date(2026, 0, 2)) });
    expect(expression.evaluate({ a: true })).toBe(true);
    expect(calls).toBe(0);
    expect(expression.evaluate({ a: false, b: '2026-01-02' })).toBe(true);
    expect(calls).toBe(1);
  });

  it('treats null, undefined and empty text as "no value"', () => {
    expect(run('price * quantity', { price: 2 })).toBeNull();
    expect(run('price * quantity', { price: '', quantity: 3 })).toBeNull();
    expect(run('price + quantity', { price: 2, quantity: null })).toBeNull();
    expect(run('a / b', { a: 1, b: 0 })).toBeNull();
    expect(run('-a')).toBeNull();
    expect(run('a > 1')).toBe(false);
    expect(run('a <= 1')).toBe(false);
    expect(run('a == null')).toBe(true);
    expect(run("a == ''", { a: undefined })).toBe(true);
    expect(run('a != null', { a: 0 })).toBe(true);
    expect(run('owner.name', { owner: null })).toBeNull();
    expect(run('owner.name.first')).toBeNull();
    expect(run('a')).toBeNull();
  });

  it('converts numeric text for arithmetic and ==, joins text with +', () => {
    expect(run('price * quantity', { price: '2.5', quantity: 3 })).toBe(7.5);
    expect(run('status == 1', { status: '1' })).toBe(true);
    expect(run('status === 1', { status: '1' })).toBe(false);
    expect(run("status != '2'", { status: 2 })).toBe(false);
    expect(run("name + '-' + a", { name: 'YP', a: 7 })).toBe('YP-7');
    expect(run('name + b', { name: 'x' })).toBe('x');
    expect(run('a == b', { a: true, b: 1 })).toBe(false);
  });

  it('compares numbers as numbers and date texts in time order', () => {
    expect(run('a < b', { a: '9', b: '10' })).toBe(true);
    expect(run('startDate <= endDate', { startDate: '2026-01-31', endDate: '2026-02-01' })).toBe(true);
    expect(run('startDate > endDate', { startDate: '2026-03-01', endDate: '2026-02-01' })).toBe(true);
    expect(run("a > 'x'", { a: 1 })).toBe(false);
  });

  it('reads members of objects and lists by own property only', () => {
    expect(run('owner.name', { owner: { name: '张三' } })).toBe('张三');
    expect(run("owner['name']", { owner: { name: '张三' } })).toBe('张三');
    expect(run('tags[1]', { tags: ['a', 'b'] })).toBe('b');
    expect(run('owner?.name', { owner: { name: 'x' } })).toBe('x');
    expect(run('owner.toString', { owner: {} })).toBeNull();
    expect(run("owner['const' + 'ructor']", { owner: {} })).toBeNull();
    expect(run("name['__pro' + 'to__']", { name: 'x' })).toBeNull();
    expect(run('tags.length', { tags: [1, 2] })).toBe(2);
    expect(run('name.length', { name: 'abc' })).toBe(3);
  });

  it('evaluates the same compiled expression for many value sets', () => {
    const visible = compileExpression('status == 1', { fields: ['status'] });
    expect([0, 1, '1', null].map((status) => visible.evaluate({ status }))).toEqual([false, true, true, false]);
    expect(visible.evaluate(undefined)).toBe(false);
  });
});

describe('expression language: functions', () => {
  it('len and isEmpty', () => {
    expect(run('len(name)', { name: '检测中心' })).toBe(4);
    expect(run('len(tags)', { tags: [1, 2, 3] })).toBe(3);
    expect(run('len(a)')).toBe(0);
    expect(run('isEmpty(a)')).toBe(true);
    expect(run("isEmpty('  ')")).toBe(true);
    expect(run('isEmpty(tags)', { tags: [] })).toBe(true);
    expect(run('isEmpty(owner)', { owner: {} })).toBe(true);
    expect(run('isEmpty(a)', { a: 0 })).toBe(false);
  });

  it('round rounds half away from zero, with digits', () => {
    expect(run('round(2.5)')).toBe(3);
    expect(run('round(-2.5)')).toBe(-3);
    expect(run('round(1.005, 2)')).toBe(1.01);
    expect(run('round(-1.005, 2)')).toBe(-1.01);
    expect(run('round(1234.5, -2)')).toBe(1200);
    expect(run('round(a, 2)', { a: '3.14159' })).toBe(3.14);
    expect(run('round(a, 2)')).toBeNull();
    expect(run('round(1.5, 0.5)')).toBeNull();
    expect(roundHalfAwayFromZero(1e-7, 8)).toBe(1e-7);
    expect(roundHalfAwayFromZero(0.000000015, 8)).toBe(0.00000002);
  });

  it('abs, min and max skip missing values', () => {
    expect(run('abs(-3)')).toBe(3);
    expect(run('abs(a)')).toBeNull();
    expect(run('min(3, a, 1)', { a: null })).toBe(1);
    expect(run('max(3, a, 1)', { a: '7' })).toBe(7);
    expect(run('max(tags)', { tags: [4, 9, 2] })).toBe(9);
    expect(run('min(a, b)')).toBeNull();
  });

  it('today() is the local date of the given clock', () => {
    const expression = compileExpression('today()', { now: () => new Date(2026, 10, 24, 23, 59) });
    expect(expression.evaluate({})).toBe('2026-11-24');
  });

  it('contains looks in lists (as ==) and in text', () => {
    expect(run('contains(tags, 2)', { tags: ['1', '2'] })).toBe(true);
    expect(run('contains(tags, 3)', { tags: ['1', '2'] })).toBe(false);
    expect(run("contains(name, '检测')", { name: '理化检测室' })).toBe(true);
    expect(run('contains(a, 1)')).toBe(false);
  });
});

describe('expression language: dependencies', () => {
  it('lists every field read, once, in order', () => {
    expect(compileExpression('round(price * quantity, 2) + price - owner.id', { fields: FIELDS }).dependencies).toEqual(['price', 'quantity', 'owner']);
    expect(compileExpression("today() + 'x'").dependencies).toEqual([]);
  });
});

describe('expression language: refusals', () => {
  it('names an unknown field with its position', () => {
    const error = compileError('status == 1 && statsu == 2');
    expect(error.code).toBe('unknownField');
    expect(error.subject).toBe('statsu');
    expect(error.position).toBe(15);
    expect(error.message).toBe('Unknown field "statsu" at character 15 in expression "status == 1 && statsu == 2"');
  });

  it('accepts any field name when no field list is given', () => {
    expect(compileExpression('anything + 1').evaluate({ anything: 1 })).toBe(2);
  });

  it('names a syntax problem with its position', () => {
    const error = compileError('price * ');
    expect(error.code).toBe('syntax');
    expect(error.position).toBe(8);
    expect(error.message).toMatch(/^Syntax error: .+ at character 8 in expression "price \* "$/);
    expect(compileError('(a + b').code).toBe('syntax');
    expect(compileError('   ').code).toBe('syntax');
  });

  it('refuses assignment', () => {
    expect(compileError('a = 1').code).toBe('syntax');
    expect(compileError('a += 1').code).toBe('syntax');
    expect(compileError('a++').code).not.toBeUndefined();
  });

  it('refuses constructor, __proto__ and prototype by name', () => {
    for (const text of ['owner.constructor', 'owner.__proto__', "owner['constructor']", 'name.prototype', 'constructor', '__proto__']) {
      const error = compileError(text, undefined);
      expect(error.code, text).toBe('notAllowed');
      expect(error.message).toMatch(/The name "(constructor|__proto__|prototype)" is not allowed/);
    }
  });

  it('refuses calls of functions outside the table, method calls and calls of computed values', () => {
    const unknown = compileError('eval(name)');
    expect(unknown.code).toBe('unknownFunction');
    expect(unknown.message).toMatch(/^Unknown function "eval" \(known: len, isEmpty, round, abs, min, max, today, contains, roundEven, [^)]*\) at character 0/);
    expect(compileError('Function(name)').code).toBe('unknownFunction');
    expect(compileError('toString()').code).toBe('unknownFunction');
    expect(compileError('hasOwnProperty(a)').code).toBe('unknownFunction');
    expect(compileError('name.toUpperCase()').code).toBe('notAllowed');
    expect(compileError('owner.fn()').code).toBe('notAllowed');
    expect(compileError('tags[0](1)').code).toBe('notAllowed');
  });

  it('checks the number of arguments', () => {
    const error = compileError('round()');
    expect(error.code).toBe('arity');
    expect(error.message).toMatch(/round\(\) takes 1 to 2 argument\(s\), not 0/);
    expect(compileError('today(1)').code).toBe('arity');
  });

  it('refuses this, sequences, bitwise and other operators', () => {
    expect(compileError('this').code).toBe('notAllowed');
    expect(compileError('this.a').code).toBe('notAllowed');
    expect(compileError('a; b').code).toBe('notAllowed');
    expect(compileError('a, b').code).toBe('notAllowed');
    for (const text of ['a | b', 'a & b', 'a ^ b', 'a << 1', '~a', '+a', 'a ** 2']) expect(compileError(text).code, text).toBe('notAllowed');
    expect(compileError('a ** 2').position).toBe(2);
  });

  it('runs no code: a refused expression has no effect, an allowed one touches nothing global', () => {
    const probe = globalThis as { __expressionRan?: boolean };
    expect(() => compileExpression('globalThis.__expressionRan = true', { fields: ['globalThis'] })).toThrow(ExpressionError);
    expect(compileExpression('globalThis', { fields: ['globalThis'] }).evaluate({})).toBeNull();
    expect(probe.__expressionRan).toBeUndefined();
  });
});
