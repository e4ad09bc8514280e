import jsep from 'jsep';
import {
  BINARY_OPERATORS,
  FORBIDDEN_NAMES,
  LOGICAL_OPERATORS,
  UNARY_OPERATORS,
  type BinaryOperator,
  type ExpressionNode,
  type LogicalOperator,
  type UnaryOperator,
} from './ast';
import { ExpressionError } from './ExpressionError';
import { FUNCTIONS } from './functions';

export interface ParseOptions {
  /** the field names identifiers may name; undefined accepts any name that is not forbidden */
  fields?: readonly string[];
}

/** Where a name first stands as a word of the expression (jsep's nodes carry no positions). */
function positionOf(text: string, name: string): number | undefined {
  const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const index = text.search(new RegExp(`(?<![\\w$])${escaped}(?![\\w$])`));
  return index < 0 ? undefined : index;
}

/**
 * Parses with jsep (its syntax errors carry the position) and checks the tree into the language's own
 * nodes: every construct, operator, function and field outside the language is refused here, so the
 * evaluator never meets one.
 */
export function parseExpression(text: string, options: ParseOptions = {}): ExpressionNode {
  if (typeof text !== 'string' || text.trim() === '') throw new ExpressionError('syntax', 'Empty expression', String(text));
  let tree: jsep.Expression;
  try {
    tree = jsep(text);
  } catch (error) {
    const { description, index } = error as { description?: string; index?: number; message?: string };
    throw new ExpressionError('syntax', `Syntax error: ${description ?? (error as Error).message}`, text, index);
  }
  const known = options.fields ? new Set(options.fields) : undefined;

  const refuse = (what: string, subject?: string): never => {
    throw new ExpressionError('notAllowed', `${what} is not allowed`, text, subject ? positionOf(text, subject) : undefined, subject);
  };
  const checkName = (name: string, role: 'field' | 'property'): void => {
    if (FORBIDDEN_NAMES.has(name)) refuse(`The name "${name}"`, name);
    if (role === 'field' && known && !known.has(name)) {
      throw new ExpressionError('unknownField', `Unknown field "${name}"`, text, positionOf(text, name), name);
    }
  };

  const check = (node: jsep.Expression): ExpressionNode => {
    switch (node.type) {
      case 'Literal': {
        const { value } = node as jsep.Literal;
        if (value instanceof RegExp) return refuse('A regular expression');
        return { kind: 'literal', value: value as string | number | boolean | null };
      }
      case 'Identifier': {
        const { name } = node as jsep.Identifier;
        checkName(name, 'field');
        return { kind: 'field', name };
      }
      case 'MemberExpression': {
        const member = node as jsep.MemberExpression;
        let property: ExpressionNode;
        if (member.computed) {
          property = check(member.property);
          if (property.kind === 'literal' && typeof property.value === 'string') checkName(property.value, 'property');
        } else {
          const { name } = member.property as jsep.Identifier;
          checkName(name, 'property');
          property = { kind: 'literal', value: name };
        }
        return { kind: 'member', object: check(member.object), property };
      }
      case 'ArrayExpression':
        return {
          kind: 'array',
          elements: (node as jsep.ArrayExpression).elements.map((element) => (element ? check(element) : { kind: 'literal', value: null })),
        };
      case 'UnaryExpression': {
        const { operator, argument } = node as jsep.UnaryExpression;
        if (!UNARY_OPERATORS.has(operator)) refuse(`The operator "${operator}"`, operator);
        return { kind: 'unary', operator: operator as UnaryOperator, argument: check(argument) };
      }
      case 'BinaryExpression': {
        const { operator, left, right } = node as jsep.BinaryExpression;
        if (LOGICAL_OPERATORS.has(operator)) return { kind: 'logical', operator: operator as LogicalOperator, left: check(left), right: check(right) };
        if (!BINARY_OPERATORS.has(operator)) refuse(`The operator "${operator}"`, operator);
        return { kind: 'binary', operator: operator as BinaryOperator, left: check(left), right: check(right) };
      }
      case 'ConditionalExpression': {
        const { test, consequent, alternate } = node as jsep.ConditionalExpression;
        return { kind: 'conditional', test: check(test), consequent: check(consequent), alternate: check(alternate) };
      }
      case 'CallExpression': {
        const call = node as jsep.CallExpression;
        if (call.callee.type !== 'Identifier')
          return refuse('Calling a method or a computed value (only the functions len, isEmpty, round, abs, min, max, today, contains)');
        const { name } = call.callee as jsep.Identifier;
        const fn = Object.prototype.hasOwnProperty.call(FUNCTIONS, name) ? FUNCTIONS[name] : undefined;
        if (!fn)
          throw new ExpressionError(
            'unknownFunction',
            `Unknown function "${name}" (known: ${Object.keys(FUNCTIONS).join(', ')})`,
            text,
            positionOf(text, name),
            name,
          );
        const count = call.arguments.length;
        if (count < fn.minArgs || count > fn.maxArgs) {
          const expected = fn.minArgs === fn.maxArgs ? `${fn.minArgs}` : `${fn.minArgs} to ${fn.maxArgs}`;
          throw new ExpressionError('arity', `${name}() takes ${expected} argument(s), not ${count}`, text, positionOf(text, name), name);
        }
        return { kind: 'call', name, args: call.arguments.map(check) };
      }
      case 'ThisExpression':
        return refuse('"this"', 'this');
      case 'Compound':
      case 'SequenceExpression':
        return refuse('More than one expression (";" or ",")');
      default:
        return refuse(`The construct ${node.type}`);
    }
  };
  return check(tree);
}
