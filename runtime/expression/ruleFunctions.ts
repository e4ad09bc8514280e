import {
  attritionRetest,
  averageByMedianMinutes,
  averageByMedianPercent,
  cbrAverage,
  compressionIndex,
  rangeCheck,
  roundHalfEven,
  type CbrCheck,
} from '../calc/rules/index';
import { amountInCapitals } from '../calc/amountInCapitals';
import type { ExpressionFunction } from './functionTypes';
import { ownProperty, toNumber } from './values';

/** An optional numeric argument: its number, the default when absent; undefined when present but not a number. */
function optionalNumber(value: unknown, fallback: number): number | undefined {
  if (value === undefined || value === null || value === '') return fallback;
  return toNumber(value) ?? undefined;
}

/** An optional key-name argument: its text, the default when absent. */
const key = (value: unknown, fallback: string): string => (typeof value === 'string' && value !== '' ? value : fallback);

/** A rule's result as an expression value: no result (NaN, undefined) is null. */
const orNull = <T>(value: T | null | undefined): T | null => (value === undefined || (typeof value === 'number' && !Number.isFinite(value)) ? null : value);

/**
 * The laboratory's calculation rules (runtime/calc/rules) as expression functions, so a model names a
 * rule and its inputs in a field's `compute` and the server recomputes it on every save and import
 * (docs/calculation-rules.md).
 */
export const RULE_FUNCTIONS: Readonly<Record<string, ExpressionFunction>> = {
  /** roundEven(x, digits = 2): GB/T 8170 rounding (5 followed by nothing rounds to the even neighbour) */
  roundEven: {
    minArgs: 1,
    maxArgs: 2,
    call([value, digits]) {
      const x = toNumber(value);
      const d = optionalNumber(digits, 2);
      return x === null || d === undefined ? null : orNull(roundHalfEven(x, d));
    },
  },
  /** medianAverage(readings, percent = 10): the concrete/asphalt time rule */
  medianAverage: {
    minArgs: 1,
    maxArgs: 2,
    call([readings, percent]) {
      const p = optionalNumber(percent, 10);
      return p === undefined ? null : averageByMedianPercent(readings, p);
    },
  },
  /** medianAverageMinutes(readings, minutes = 30): the minute variant */
  medianAverageMinutes: {
    minArgs: 1,
    maxArgs: 2,
    call([readings, minutes]) {
      const m = optionalNumber(minutes, 30);
      return m === undefined ? null : averageByMedianMinutes(readings, m);
    },
  },
  /** rangeCheck(rows, valueKey = 'value', minKey = 'min', maxKey = 'max'): true, false, or null until every row is filled */
  rangeCheck: {
    minArgs: 1,
    maxArgs: 4,
    call: ([rows, value, min, max]) => rangeCheck(rows, [key(value, 'value'), key(min, 'min'), key(max, 'max')]),
  },
  /** attritionRetest(rate, ratio, text?): the retest remark when the rate is above the ratio, else '' */
  attritionRetest: {
    minArgs: 2,
    maxArgs: 3,
    call: ([rate, ratio, text]) => (typeof text === 'string' && text !== '' ? attritionRetest(rate, ratio, text) : attritionRetest(rate, ratio)),
  },
  /** cbrAverage(results, check = 'cv', limit = 12 or 0.03) */
  cbrAverage: {
    minArgs: 1,
    maxArgs: 3,
    call([results, check, limit]) {
      const mode: CbrCheck | null = check === undefined || check === null || check === 'cv' ? 'cv' : check === 'difference' ? 'difference' : null;
      if (!mode) return null;
      const l = optionalNumber(limit, mode === 'cv' ? 12 : 0.03);
      return l === undefined ? null : cbrAverage(results, mode, l);
    },
  },
  /** compressionIndex(rows, pressureKey = 'pressure', voidRatioKey = 'voidRatio') */
  compressionIndex: {
    minArgs: 1,
    maxArgs: 3,
    call: ([rows, pressure, voidRatio]) => orNull(compressionIndex(rows, [key(pressure, 'pressure'), key(voidRatio, 'voidRatio')])),
  },
  /** column(rows, key): the values of one key of a list of rows (an editable table's column) */
  column: {
    minArgs: 2,
    maxArgs: 2,
    call: ([rows, name]) => (Array.isArray(rows) ? rows.map((row) => ownProperty(row, name) ?? null) : []),
  },
  /** log10(x): null for a value that is not positive */
  log10: {
    minArgs: 1,
    maxArgs: 1,
    call([value]) {
      const x = toNumber(value);
      return x === null || x <= 0 ? null : Math.log10(x);
    },
  },
  /** amountInCapitals(x): 壹佰贰拾叁元肆角伍分; '' for a negative or non-numeric amount */
  amountInCapitals: { minArgs: 1, maxArgs: 1, call: ([value]) => amountInCapitals(value) },
};
