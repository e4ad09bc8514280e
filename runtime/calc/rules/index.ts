/**
 * The laboratory's calculation rules (spec 001 §9): pure functions shared by the client (live in forms
 * and editable tables, through the expression language) and the server (recomputed on save and import,
 * through a field's `compute`). docs/calculation-rules.md describes each rule and its boundaries.
 */
export { attritionRetest, RETEST_TEXT } from './attritionRetest';
export { cbrAverage, CBR_DEFAULT_LIMIT, type CbrCheck } from './cbrAverage';
export { compressionIndex, type CompressionKeys } from './compressionIndex';
export { averageByMedianMinutes, averageByMedianPercent, medianAverage, type MedianTolerance } from './medianAverage';
export { rangeCheck, type RangeKeys } from './rangeCheck';
export { roundHalfEven } from './roundHalfEven';
