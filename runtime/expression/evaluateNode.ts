import type { ExpressionNode } from './ast';
import { FUNCTIONS, type CallContext } from './functions';
import { BINARY } from './operators';
import { isTruthy, ownProperty, toNumber } from './values';

/**
 * The tree walker: no eval, no Function, no property read beyond own data properties. `&&`, `||`,
 * `??` and `?:` evaluate their right side only when needed, as in JavaScript.
 */
export function evaluateNode(node: ExpressionNode, values: unknown, context: CallContext): unknown {
  const walk = (current: ExpressionNode): unknown => {
    switch (current.kind) {
      case 'literal':
        return current.value;
      case 'field':
        return ownProperty(values, current.name);
      case 'member':
        return ownProperty(walk(current.object), walk(current.property));
      case 'array':
        return current.elements.map(walk);
      case 'unary': {
        const argument = walk(current.argument);
        if (current.operator === '!') return !isTruthy(argument);
        const number = toNumber(argument);
        return number === null ? null : -number;
      }
      case 'logical': {
        const left = walk(current.left);
        if (current.operator === '&&') return isTruthy(left) ? walk(current.right) : left;
        if (current.operator === '||') return isTruthy(left) ? left : walk(current.right);
        return left === null || left === undefined ? walk(current.right) : left;
      }
      case 'binary':
        return BINARY[current.operator](walk(current.left), walk(current.right));
      case 'conditional':
        return isTruthy(walk(current.test)) ? walk(current.consequent) : walk(current.alternate);
      case 'call':
        return FUNCTIONS[current.name]!.call(current.args.map(walk), context);
    }
  };
  return walk(node);
}
