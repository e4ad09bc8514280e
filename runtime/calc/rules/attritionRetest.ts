import { exactUnits } from './decimal';
import { toNumber } from '../readValue';

/** The text written when an attrition (abrasion loss) rate calls for a retest. */
export const RETEST_TEXT = '需重新试验';

/**
 * The attrition retest rule (spec 001 §9): a rate above the ratio gives the retest text, a rate at or
 * below it gives '' (no remark); without both numbers, null. The ratio is the test method's (the spec
 * does not fix it), so the model passes it; `text` replaces the default remark.
 */
export function attritionRetest(rate: unknown, ratio: unknown, text: string = RETEST_TEXT): string | null {
  const r = toNumber(rate);
  const limit = toNumber(ratio);
  if (r === null || limit === null) return null;
  const [rateUnits, limitUnits] = (exactUnits([r, limit]) as { units: bigint[] }).units as [bigint, bigint];
  return rateUnits > limitUnits ? text : '';
}
