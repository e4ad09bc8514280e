/**
 * Value rules of the expression language, shared by the operators and the functions. Form values come
 * as strings from inputs and as numbers from number pickers, and an empty field is null, undefined or
 * '': every rule below treats those three alike as "no value".
 */

export const isMissing = (value: unknown): value is null | undefined | '' => value === null || value === undefined || value === '';

/** A finite number, or null: a number, or a string holding one; anything else has no numeric value. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

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

/** An own, readable property of an object or list; never anything inherited (no prototype walk). */
export function ownProperty(object: unknown, key: unknown): unknown {
  if (object === null || object === undefined) return undefined;
  if (typeof key !== 'string' && typeof key !== 'number') return undefined;
  if (typeof object === 'string') return key === 'length' ? object.length : undefined;
  if (typeof object !== 'object') return undefined;
  // read first, then decide: a reactive form's values track the read (a field that gets its first value
  // later must still re-run the expression), and an inherited property is dropped, never returned
  const value = (object as Record<string | number, unknown>)[key];
  return Object.prototype.hasOwnProperty.call(object, key) ? value : undefined;
}
