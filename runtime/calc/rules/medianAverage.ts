import { absBig, exactUnits } from './decimal';
import { completeNumbers, mean } from './numbers';

/** How far the extreme readings may lie from the median: a share of it, or a fixed amount in the readings' unit. */
export type MedianTolerance = { percent: number } | { within: number };

/**
 * The averaging rule for concrete and asphalt times (spec 001 §9, the three-reading rule of the setting
 * time methods): when the largest and the smallest reading both lie within the tolerance of the median,
 * the result is the mean; when both lie beyond it, there is no result (null, the field stays blank);
 * when only one does, the result is the median. "Within" includes the boundary: a reading exactly 10 %
 * from the median is within (the standards discard a reading only when it *exceeds* the limit).
 *
 * Needs an odd number (≥ 3) of readings, every one a number, and a positive median; otherwise null.
 * The boundary is decided exactly on the decimals typed (see decimal.ts).
 */
export function medianAverage(readings: unknown, tolerance: MedianTolerance): number | null {
  const values = completeNumbers(readings);
  if (!values || values.length < 3 || values.length % 2 === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[(sorted.length - 1) / 2] as number;
  if (median <= 0) return null;
  const limit = 'percent' in tolerance ? tolerance.percent : tolerance.within;
  const exact = exactUnits([sorted[0] as number, median, sorted[sorted.length - 1] as number, limit]);
  if (!exact || limit < 0) return null;
  const [low, mid, high, bound] = exact.units as [bigint, bigint, bigint, bigint];
  // percent: |x − m| ≤ m·p/100  ⇔  100·|x − m| ≤ m·p (the scales cancel when both sides carry one factor each)
  const within = (x: bigint) => ('percent' in tolerance ? 100n * absBig(x - mid) * 10n ** BigInt(exact.scale) <= mid * bound : absBig(x - mid) <= bound);
  const lowWithin = within(low);
  const highWithin = within(high);
  if (lowWithin && highWithin) return mean(values);
  if (!lowWithin && !highWithin) return null;
  return median;
}

/** The 10 %-of-median rule. */
export const averageByMedianPercent = (readings: unknown, percent = 10): number | null => medianAverage(readings, { percent });

/** The minute variant: the extremes may lie at most `minutes` (default 30) from the median. */
export const averageByMedianMinutes = (readings: unknown, minutes = 30): number | null => medianAverage(readings, { within: minutes });
