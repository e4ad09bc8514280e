import { toNumber } from '../readValue';

/**
 * The numbers of a rule's input list, or null when any entry has no numeric value. A rule decides only
 * on complete input: an empty row gives no result rather than a result over fewer readings.
 */
export function completeNumbers(values: unknown): number[] | null {
  if (!Array.isArray(values)) return null;
  const numbers = values.map(toNumber);
  return numbers.some((value) => value === null) ? null : (numbers as number[]);
}

/** The median of a sorted list (the mean of the two middle values for an even count). */
export function medianOfSorted(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;
