import type { BinaryOperator } from './ast';
import { compare, isMissing, looselyEqual, toNumber } from './values';

const arithmetic =
  (combine: (a: number, b: number) => number) =>
  (left: unknown, right: unknown): number | null => {
    const a = toNumber(left);
    const b = toNumber(right);
    if (a === null || b === null) return null;
    const result = combine(a, b);
    return Number.isFinite(result) ? result : null;
  };

const ordered =
  (accept: (order: number) => boolean) =>
  (left: unknown, right: unknown): boolean => {
    const order = compare(left, right);
    return order !== null && accept(order);
  };

/**
 * `+` joins text when either side is a string, as JavaScript does (a missing side then counts as ''),
 * and otherwise adds numbers. The other arithmetic operators, and `+` without text, yield null when a
 * side has no numeric value and for a division by zero, so a computed field shows nothing rather than
 * NaN or Infinity.
 */
function plus(left: unknown, right: unknown): string | number | null {
  const isText = (value: unknown) => typeof value === 'string' && value !== '';
  if (isText(left) || isText(right)) return `${isMissing(left) ? '' : String(left)}${isMissing(right) ? '' : String(right)}`;
  return arithmetic((a, b) => a + b)(left, right);
}

export const BINARY: Record<BinaryOperator, (left: unknown, right: unknown) => unknown> = {
  '+': plus,
  '-': arithmetic((a, b) => a - b),
  '*': arithmetic((a, b) => a * b),
  '/': arithmetic((a, b) => a / b),
  '%': arithmetic((a, b) => a % b),
  '==': looselyEqual,
  '!=': (left, right) => !looselyEqual(left, right),
  '===': (left, right) => left === right,
  '!==': (left, right) => left !== right,
  '<': ordered((order) => order < 0),
  '<=': ordered((order) => order <= 0),
  '>': ordered((order) => order > 0),
  '>=': ordered((order) => order >= 0),
};
