import type { ExpressionNode } from './ast';
import { evaluateNode } from './evaluateNode';
import { parseExpression } from './parseExpression';

export interface CompileOptions {
  /** the field names the expression may read; an unknown one is a compile error. Omit to accept any name. */
  fields?: readonly string[];
  /** the clock of today(); default: the machine's */
  now?: () => Date;
}

export interface CompiledExpression {
  /** the value for these field values; never undefined (no value is null) */
  evaluate(values: Readonly<Record<string, unknown>> | undefined): unknown;
  /** the fields the expression reads, each once, in order of appearance */
  readonly dependencies: readonly string[];
}

function fieldsRead(node: ExpressionNode, into: string[]): string[] {
  switch (node.kind) {
    case 'field':
      if (!into.includes(node.name)) into.push(node.name);
      break;
    case 'member':
      fieldsRead(node.object, into);
      fieldsRead(node.property, into);
      break;
    case 'array':
      node.elements.forEach((element) => fieldsRead(element, into));
      break;
    case 'unary':
      fieldsRead(node.argument, into);
      break;
    case 'binary':
    case 'logical':
      fieldsRead(node.left, into);
      fieldsRead(node.right, into);
      break;
    case 'conditional':
      [node.test, node.consequent, node.alternate].forEach((part) => fieldsRead(part, into));
      break;
    case 'call':
      node.args.forEach((arg) => fieldsRead(arg, into));
      break;
    case 'literal':
      break;
  }
  return into;
}

/**
 * Compiles one expression of the model language (docs/engine-v2-plan.md "Expression language"): a
 * JavaScript-like subset parsed by jsep and evaluated by our own tree walker, never by eval or
 * `new Function`, so it runs under a Content-Security-Policy without 'unsafe-eval' and on the server.
 *
 * Literals, field names, `a.b` / `a[i]` (own properties only), `!`, unary `-`, `+ - * / %`,
 * `== != === !== < <= > >=`, `&& || ??`, `?:`, `[…]`, and the functions len, isEmpty, round (half away
 * from zero), abs, min, max, today, contains, and the calculation rules (ruleFunctions.ts). Missing values (null, undefined, '') make arithmetic null
 * and comparisons false; `==` equals 1 and '1'. Throws an ExpressionError naming an unknown field or
 * function, a refused construct (`this`, assignment, `constructor`, method calls…) or the syntax
 * problem, with its position.
 *
 * @example
 * const total = compileExpression('round(price * quantity, 2)', { fields: ['price', 'quantity'] });
 * total.evaluate({ price: '2.5', quantity: 3 }); // 7.5
 * total.dependencies; // ['price', 'quantity']
 */
export function compileExpression(text: string, options: CompileOptions = {}): CompiledExpression {
  const tree = parseExpression(text, { fields: options.fields });
  const context = { now: options.now ?? (() => new Date()) };
  return {
    evaluate(values) {
      const result = evaluateNode(tree, values ?? {}, context);
      return result === undefined ? null : result;
    },
    dependencies: Object.freeze(fieldsRead(tree, [])),
  };
}
