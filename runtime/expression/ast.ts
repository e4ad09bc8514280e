/** The checked syntax tree the evaluator walks: only what the expression language allows. */
export type ExpressionNode =
  | { kind: 'literal'; value: string | number | boolean | null }
  | { kind: 'field'; name: string }
  | { kind: 'member'; object: ExpressionNode; property: ExpressionNode }
  | { kind: 'array'; elements: ExpressionNode[] }
  | { kind: 'unary'; operator: UnaryOperator; argument: ExpressionNode }
  | { kind: 'binary'; operator: BinaryOperator; left: ExpressionNode; right: ExpressionNode }
  | { kind: 'logical'; operator: LogicalOperator; left: ExpressionNode; right: ExpressionNode }
  | { kind: 'conditional'; test: ExpressionNode; consequent: ExpressionNode; alternate: ExpressionNode }
  | { kind: 'call'; name: string; args: ExpressionNode[] };

export type UnaryOperator = '!' | '-';
export type LogicalOperator = '&&' | '||' | '??';
export type BinaryOperator = '+' | '-' | '*' | '/' | '%' | '==' | '!=' | '===' | '!==' | '<' | '<=' | '>' | '>=';

export const UNARY_OPERATORS: ReadonlySet<string> = new Set<UnaryOperator>(['!', '-']);
export const LOGICAL_OPERATORS: ReadonlySet<string> = new Set<LogicalOperator>(['&&', '||', '??']);
export const BINARY_OPERATORS: ReadonlySet<string> = new Set<BinaryOperator>(['+', '-', '*', '/', '%', '==', '!=', '===', '!==', '<', '<=', '>', '>=']);

/**
 * Names that reach into JavaScript's object machinery. The evaluator reads only own properties anyway;
 * naming one of these is refused at compile time so a model author learns it at once.
 */
export const FORBIDDEN_NAMES: ReadonlySet<string> = new Set([
  'constructor',
  '__proto__',
  'prototype',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
]);
