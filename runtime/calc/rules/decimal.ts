/**
 * Exact decimal values for the laboratory rules. A rule's boundary ("exactly 10 % of the median",
 * "exactly 0.03") must be decided on the numbers the user typed, not on their binary approximations:
 * 3.41 − 3.1 is 0.31000000000000005 in floating point, which would push an exactly-10 % case over the
 * line. A number's shortest round-trip text (String(x)) is the decimal the user typed, so it is read
 * into an integer and a power-of-ten scale and compared with BigInt arithmetic.
 */
export interface Decimal {
  /** the value times 10^scale */
  readonly units: bigint;
  readonly scale: number;
}

/** The exact decimal of a finite number's shortest text; null for NaN and ±Infinity. */
export function toDecimal(value: number): Decimal | null {
  if (!Number.isFinite(value)) return null;
  const [mantissa = '0', exponentText = '0'] = String(value).toLowerCase().split('e');
  const negative = mantissa.startsWith('-');
  const [whole = '0', fraction = ''] = mantissa.replace('-', '').split('.');
  let scale = fraction.length - Number(exponentText);
  let units = BigInt(whole + fraction);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: negative ? -units : units, scale };
}

/** The decimals brought to one common scale, as integers (the scale is returned beside them). */
export function alignDecimals(values: readonly Decimal[]): { units: bigint[]; scale: number } {
  const scale = Math.max(0, ...values.map((value) => value.scale));
  return { units: values.map((value) => value.units * 10n ** BigInt(scale - value.scale)), scale };
}

/** Exact integers (at one common scale) for finite numbers; null when any is not a finite number. */
export function exactUnits(values: readonly number[]): { units: bigint[]; scale: number } | null {
  const decimals = values.map(toDecimal);
  if (decimals.some((decimal) => decimal === null)) return null;
  return alignDecimals(decimals as Decimal[]);
}

export const absBig = (value: bigint): bigint => (value < 0n ? -value : value);
