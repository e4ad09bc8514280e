import type { ExpressionFunction } from './functionTypes';
import { RULE_FUNCTIONS } from './ruleFunctions';
import { isMissing, looselyEqual, toNumber } from './values';

export type { CallContext, ExpressionFunction } from './functionTypes';

function numbersOf(args: unknown[]): number[] {
  const flat = args.length === 1 && Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  return flat.map(toNumber).filter((value): value is number => value !== null);
}

/**
 * Rounds half away from zero (round(2.5) = 3, round(-2.5) = -3, round(1.005, 2) = 1.01), as a
 * laboratory's hand calculation does; Math.round rounds -2.5 up to -2 and binary floating point turns
 * 1.005 * 100 into 100.49999. The decimal shift is done on the number's text to avoid the latter.
 */
export function roundHalfAwayFromZero(value: number, digits: number): number {
  const shift = (x: number, by: number) => {
    const [mantissa, exponent = '0'] = String(x).split('e');
    return Number(`${mantissa}e${Number(exponent) + by}`);
  };
  const magnitude = shift(Math.round(shift(Math.abs(value), digits)), -digits);
  return value < 0 ? -magnitude : magnitude;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The fixed function table. Nothing else is callable: a call names a key of this table, and its
 * argument count is checked when the expression is compiled.
 */
export const FUNCTIONS: Readonly<Record<string, ExpressionFunction>> = Object.freeze({
  /** length of a text or a list; 0 for no value */
  len: {
    minArgs: 1,
    maxArgs: 1,
    call: ([value]) => (isMissing(value) ? 0 : Array.isArray(value) ? value.length : String(value).length),
  },
  /** true for null, undefined, '', text of only spaces, an empty list or an empty object */
  isEmpty: {
    minArgs: 1,
    maxArgs: 1,
    call([value]) {
      if (isMissing(value)) return true;
      if (typeof value === 'string') return value.trim() === '';
      if (Array.isArray(value)) return value.length === 0;
      if (typeof value === 'object') return Object.keys(value).length === 0;
      return false;
    },
  },
  /** round(x, digits = 0), half away from zero; digits is an integer from -15 to 15; null without a number */
  round: {
    minArgs: 1,
    maxArgs: 2,
    call([value, digits]) {
      const x = toNumber(value);
      const d = digits === undefined ? 0 : toNumber(digits);
      if (x === null || d === null || !Number.isInteger(d) || Math.abs(d) > 15) return null;
      return roundHalfAwayFromZero(x, d);
    },
  },
  abs: {
    minArgs: 1,
    maxArgs: 1,
    call: ([value]) => {
      const x = toNumber(value);
      return x === null ? null : Math.abs(x);
    },
  },
  /** the least of its numeric arguments (or of one list); missing values are skipped; null when none is left */
  min: { minArgs: 1, maxArgs: 50, call: (args) => (numbersOf(args).length ? Math.min(...numbersOf(args)) : null) },
  max: { minArgs: 1, maxArgs: 50, call: (args) => (numbersOf(args).length ? Math.max(...numbersOf(args)) : null) },
  /** today's date as 'YYYY-MM-DD' in the evaluating machine's time zone (how date fields store it) */
  today: {
    minArgs: 0,
    maxArgs: 0,
    call: (_args, context) => {
      const now = context.now();
      return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    },
  },
  /** contains(list, x): whether the list holds x (compared as `==` does); contains(text, x): whether x is a part of the text */
  contains: {
    minArgs: 2,
    maxArgs: 2,
    call([container, item]) {
      if (Array.isArray(container)) return container.some((value) => looselyEqual(value, item));
      if (typeof container !== 'string' || isMissing(item)) return false;
      return container.includes(String(item));
    },
  },
  ...RULE_FUNCTIONS,
});
