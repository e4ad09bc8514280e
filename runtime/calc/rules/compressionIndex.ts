import { ownProperty, toNumber } from '../readValue';

/** Which keys of a consolidation-test row hold the pressure (kPa) and the void ratio reached under it. */
export type CompressionKeys = readonly [pressure: string, voidRatio: string];

/**
 * The compression index (spec 001 §9): from the last two rows that have both a pressure and a void
 * ratio, Cc = (e₁ − e₂) / (log₁₀ p₂ − log₁₀ p₁). Rows left empty at the end of an editable table are
 * skipped. Null with fewer than two complete rows, a pressure that is not positive, or two equal pressures.
 */
export function compressionIndex(rows: unknown, keys: CompressionKeys = ['pressure', 'voidRatio']): number | null {
  if (!Array.isArray(rows)) return null;
  const complete = (rows as unknown[])
    .filter((row) => row !== null && typeof row === 'object')
    .map((row) => [toNumber(ownProperty(row, keys[0])), toNumber(ownProperty(row, keys[1]))] as const)
    .filter((pair): pair is readonly [number, number] => pair[0] !== null && pair[1] !== null);
  if (complete.length < 2) return null;
  const [p1, e1] = complete[complete.length - 2] as readonly [number, number];
  const [p2, e2] = complete[complete.length - 1] as readonly [number, number];
  if (p1 <= 0 || p2 <= 0 || p1 === p2) return null;
  return (e1 - e2) / (Math.log10(p2) - Math.log10(p1));
}
