import { exactUnits } from './decimal';
import { ownProperty, toNumber } from '../readValue';

/** Which keys of a row hold the measured value and its allowed minimum and maximum (limits inclusive). */
export type RangeKeys = readonly [value: string, min: string, max: string];

/**
 * The range check (spec 001 §9): true (pass) when every row's value lies within its [min, max], false
 * (fail) when any does not — but a verdict only when every row has a value, a minimum and a maximum;
 * otherwise (an empty row, a half-filled row, no rows at all) null: no verdict yet. Limits are inclusive
 * and compared exactly on the decimals typed.
 */
export function rangeCheck(rows: unknown, keys: RangeKeys = ['value', 'min', 'max']): boolean | null {
  if (!Array.isArray(rows) || rows.length === 0) return null;
  const triples: [number, number, number][] = [];
  for (const row of rows as unknown[]) {
    if (row === null || typeof row !== 'object') return null;
    const numbers = keys.map((key) => toNumber(ownProperty(row, key)));
    if (numbers.some((n) => n === null)) return null;
    triples.push(numbers as [number, number, number]);
  }
  return triples.every((triple) => {
    const [value, min, max] = (exactUnits(triple) as { units: bigint[] }).units as [bigint, bigint, bigint];
    return min <= value && value <= max;
  });
}
