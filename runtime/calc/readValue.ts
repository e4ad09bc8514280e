/**
 * How a calculation reads a value from a form: the rules of runtime/calc/ and the expression language
 * (which re-exports these) read numbers and row cells the same way. Form values come as strings from
 * inputs and as numbers from number pickers.
 */

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
