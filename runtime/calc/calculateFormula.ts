import { roundHalfEven } from './rules/roundHalfEven';

/**
 * The calculated field (spec 000 §5, 001 §5): operands (field names and numbers) and operators alternate;
 * + - × ÷ (and their ASCII forms * /) with the usual precedence and parentheses; the result has 2
 * decimals and anything that is not a finite number becomes 0. A small recursive-descent parser over
 * declared field names: no eval, no function calls, no member access (security.md rule 12).
 */

export type FormulaNode =
  { kind: 'number'; value: number } | { kind: 'field'; name: string } | { kind: 'binary'; op: '+' | '-' | '×' | '÷'; left: FormulaNode; right: FormulaNode };

export class FormulaError extends Error {
  constructor(
    message: string,
    /** character offset in the formula */
    readonly at: number,
  ) {
    super(message);
    this.name = 'FormulaError';
  }
}

type Token = { type: 'number' | 'field' | 'op' | '(' | ')'; text: string; at: number };

const OPERATOR: Record<string, '+' | '-' | '×' | '÷'> = { '+': '+', '-': '-', '×': '×', '*': '×', '÷': '÷', '/': '÷' };

function tokenize(formula: string): Token[] {
  const tokens: Token[] = [];
  const re = /\s*(?:(\d+(?:\.\d+)?|\.\d+)|([A-Za-z_$\u4e00-\u9fa5][\w$\u4e00-\u9fa5]*)|([+\-×*÷/])|([()]))/y;
  let at = 0;
  while (at < formula.length) {
    if (/^\s*$/.test(formula.slice(at))) break;
    re.lastIndex = at;
    const m = re.exec(formula);
    if (!m) throw new FormulaError(`unexpected "${formula.slice(at).trim()[0]}"`, at);
    const start = m.index + m[0].length - (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').length;
    if (m[1] !== undefined) tokens.push({ type: 'number', text: m[1], at: start });
    else if (m[2] !== undefined) tokens.push({ type: 'field', text: m[2], at: start });
    else if (m[3] !== undefined) tokens.push({ type: 'op', text: m[3], at: start });
    else tokens.push({ type: m[4] as '(' | ')', text: m[4] as string, at: start });
    at = re.lastIndex;
  }
  return tokens;
}

/**
 * Parses a formula; throws FormulaError when operands and operators do not alternate, a parenthesis is
 * unbalanced or a character is not part of the language. A leading minus is not an operand: write 0 - x.
 */
export function parseFormula(formula: string): FormulaNode {
  const tokens = tokenize(formula);
  let i = 0;
  const peek = () => tokens[i];
  const end = formula.length;

  const operand = (): FormulaNode => {
    const token = tokens[i++];
    if (!token) throw new FormulaError('an operand is missing at the end', end);
    if (token.type === 'number') return { kind: 'number', value: Number(token.text) };
    if (token.type === 'field') return { kind: 'field', name: token.text };
    if (token.type === '(') {
      const inner = sum();
      const close = tokens[i++];
      if (close?.type !== ')') throw new FormulaError('a closing parenthesis is missing', close?.at ?? end);
      return inner;
    }
    throw new FormulaError(`an operand is expected, not "${token.text}"`, token.at);
  };
  const level = (ops: string[], next: () => FormulaNode) => (): FormulaNode => {
    let left = next();
    for (let token = peek(); token?.type === 'op' && ops.includes(OPERATOR[token.text] as string); token = peek()) {
      i++;
      left = { kind: 'binary', op: OPERATOR[token.text] as '+', left, right: next() };
    }
    return left;
  };
  const product = level(['×', '÷'], operand);
  const sum = level(['+', '-'], product);

  const tree = sum();
  const rest = peek();
  if (rest) throw new FormulaError(rest.type === ')' ? 'an opening parenthesis is missing' : `an operator is expected, not "${rest.text}"`, rest.at);
  return tree;
}

/** The field names a formula reads, in order of first use. */
export function formulaFields(node: FormulaNode, into: string[] = []): string[] {
  if (node.kind === 'field' && !into.includes(node.name)) into.push(node.name);
  if (node.kind === 'binary') {
    formulaFields(node.left, into);
    formulaFields(node.right, into);
  }
  return into;
}

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}

function evaluate(node: FormulaNode, values: Readonly<Record<string, unknown>>): number {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'field':
      return Object.hasOwn(values, node.name) ? toNumber(values[node.name]) : Number.NaN;
    case 'binary': {
      const a = evaluate(node.left, values);
      const b = evaluate(node.right, values);
      if (node.op === '+') return a + b;
      if (node.op === '-') return a - b;
      if (node.op === '×') return a * b;
      return a / b;
    }
  }
}

/** The formula's value over `values`, rounded to 2 decimals (GB/T 8170: exactly 5 rounds to even); NaN (an empty or non-numeric operand, 0 ÷ 0) and ±Infinity become 0. */
export function calculateFormula(formula: string | FormulaNode, values: Readonly<Record<string, unknown>>): number {
  const tree = typeof formula === 'string' ? parseFormula(formula) : formula;
  const result = evaluate(tree, values);
  return Number.isFinite(result) ? roundHalfEven(result, 2) : 0;
}
