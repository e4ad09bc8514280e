import { absBig, exactUnits } from './decimal';
import { completeNumbers, mean } from './numbers';

/**
 * Which check decides whether one parallel result is dropped before averaging (spec 001 §9, the CBR
 * rule of the soil test methods):
 * - `cv`: the coefficient of variation of the results (sample standard deviation over the mean, in %)
 *   exceeds `limit` (default 12);
 * - `difference`: the largest difference between two results (max − min) exceeds `limit` (default 0.03,
 *   the dry-density tolerance in g/cm³).
 */
export type CbrCheck = 'cv' | 'difference';

export const CBR_DEFAULT_LIMIT: Readonly<Record<CbrCheck, number>> = { cv: 12, difference: 0.03 };

/** Index of the value farthest from the mean (exactly compared); on a tie the earlier row is dropped. */
function farthestFromMean(units: readonly bigint[]): number {
  const n = BigInt(units.length);
  const sum = units.reduce((a, b) => a + b, 0n);
  // |x − sum/n| compared as |n·x − sum|: no division, no rounding
  let worst = 0;
  units.forEach((x, i) => {
    if (absBig(n * x - sum) > absBig(n * (units[worst] as bigint) - sum)) worst = i;
  });
  return worst;
}

function exceeds(check: CbrCheck, units: readonly bigint[], limit: bigint, scale: number): boolean {
  if (check === 'difference') {
    const sorted = [...units].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return (sorted[sorted.length - 1] as bigint) - (sorted[0] as bigint) > limit;
  }
  // cv = 100·s/mean > L  ⇔  100²·s² > L²·mean²  (mean > 0), with s² = (nΣx² − (Σx)²)/(n(n−1)), mean = Σx/n:
  // 10000·n·(nΣx² − (Σx)²) > L²·(n−1)·(Σx)²; L carries the common scale, so its square is rescaled once.
  const n = BigInt(units.length);
  const sum = units.reduce((a, b) => a + b, 0n);
  const squares = units.reduce((a, b) => a + b * b, 0n);
  const ten = 10n ** BigInt(scale);
  return 10000n * n * (n * squares - sum * sum) * ten * ten > limit * limit * (n - 1n) * sum * sum;
}

/**
 * The CBR averaging rule: the mean of the parallel results, or — when the check exceeds its limit — the
 * mean of the others after dropping the one farthest from the mean. The limit itself is not exceeded
 * (exactly 12 % or exactly 0.03 keeps every result). Null without at least three complete results, or
 * for the `cv` check without a positive mean.
 */
export function cbrAverage(results: unknown, check: CbrCheck = 'cv', limit: number = CBR_DEFAULT_LIMIT[check]): number | null {
  const values = completeNumbers(results);
  if (!values || values.length < 3 || !(limit >= 0)) return null;
  if (check === 'cv' && mean(values) <= 0) return null;
  const exact = exactUnits([...values, limit]);
  if (!exact) return null;
  const units = exact.units.slice(0, -1);
  const limitUnits = exact.units[exact.units.length - 1] as bigint;
  if (!exceeds(check, units, limitUnits, exact.scale)) return mean(values);
  const drop = farthestFromMean(units);
  return mean(values.filter((_, i) => i !== drop));
}
