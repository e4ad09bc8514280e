/**
 * Value rules of the expression language, shared by the operators and the functions. Form values come
 * as strings from inputs and as numbers from number pickers, and an empty field is null, undefined or
 * '': every rule below treats those three alike as "no value".
 */

import { ownProperty, toNumber } from '../calc/readValue';

export { ownProperty, toNumber };

export const isMissing = (value: unknown): value is null | undefined | '' => value === null || value === undefined || value === '';

/** JavaScript truthiness, except that an empty list is false (a multi-select with nothing picked). */
export function isTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return Boolean(value);
}

/**
 * `==`: null and undefined equal each other (and ''), a number equals a string holding the same number
 * (a dictionary value '1' equals the integer 1), otherwise strict equality. No other coercion.
 */
export function looselyEqual(left: unknown, right: unknown): boolean {
  if (isMissing(left) || isMissing(right)) return isMissing(left) && isMissing(right);
  if (typeof left === typeof right) return left === right;
  if ((typeof left === 'number' && typeof right === 'string') || (typeof left === 'string' && typeof right === 'number')) {
    return toNumber(left) === toNumber(right);
  }
  return false;
}

/**
 * `< <= > >=`: numbers (or numeric strings) compare as numbers, two strings compare by code unit
 * (so 'YYYY-MM-DD' dates compare in time order); a missing or incomparable side makes it false.
 */
export function compare(left: unknown, right: unknown): number | null {
  if (isMissing(left) || isMissing(right)) return null;
  if (typeof left === 'string' && typeof right === 'string') {
    const a = toNumber(left);
    const b = toNumber(right);
    if (a !== null && b !== null) return a - b;
    return left < right ? -1 : left > right ? 1 : 0;
  }
  const a = toNumber(left);
  const b = toNumber(right);
  return a === null || b === null ? null : a - b;
}
