import { toDecimal } from './decimal';

/**
 * Rounding of test results by GB/T 8170-2008 (数值修约规则, clause 3.2; JTG test methods refer to it):
 * "四舍六入五考虑，五后非零则进一，五后皆零视奇偶，五前为偶应舍去，五前为奇则进一" — below 5 drops,
 * above 5 raises, exactly 5 followed by nothing (or zeros) rounds to the even neighbour, 5 followed by
 * any non-zero digit raises. Negative numbers are rounded by their absolute value and keep their sign
 * (clause 3.2.5). The decision is made on the number's exact decimal (its shortest text: 2.675 is
 * "2.675", not 2.67499999… as binary floating point holds it), so 2.675 → 2.68 and 2.665 → 2.66.
 *
 * `digits` is an integer from −15 to 15 (negative digits round to tens, hundreds…). Returns NaN for a
 * non-finite value.
 */
export function roundHalfEven(value: number, digits = 2): number {
  const decimal = toDecimal(value);
  if (!decimal || !Number.isInteger(digits) || Math.abs(digits) > 15) return Number.NaN;
  const drop = decimal.scale - digits;
  if (drop <= 0) return value + 0;
  const magnitude = decimal.units < 0n ? -decimal.units : decimal.units;
  const divisor = 10n ** BigInt(drop);
  let kept = magnitude / divisor;
  const twiceRest = (magnitude % divisor) * 2n;
  if (twiceRest > divisor || (twiceRest === divisor && kept % 2n === 1n)) kept += 1n;
  const text = `${decimal.units < 0n ? '-' : ''}${kept}e${-digits}`;
  // + 0 turns −0 into 0: a result that rounds to zero has no sign
  return Number(text) + 0;
}
