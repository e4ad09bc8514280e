import { describe, expect, it } from 'vitest';
import {
  attritionRetest,
  averageByMedianMinutes,
  averageByMedianPercent,
  cbrAverage,
  compressionIndex,
  rangeCheck,
  RETEST_TEXT,
  roundHalfEven,
} from '../../../../runtime/calc/rules/index';

describe('the 10 %-of-median time rule', () => {
  it('averages when both extremes are within 10 % of the median, exactly 10 % included', () => {
    // 3.41 − 3.1 is 0.31000000000000005 in floating point: the boundary is decided on the decimals typed
    expect(averageByMedianPercent([3.1, 3.41, 2.79])).toBeCloseTo(3.1, 12);
    expect(averageByMedianPercent([110, 100, 90])).toBe(100);
    expect(averageByMedianPercent(['245', 250, '255'])).toBe(250);
  });
  it('takes the median when exactly one extreme is beyond 10 %', () => {
    expect(averageByMedianPercent([100, 110.01, 95])).toBe(100);
    expect(averageByMedianPercent([89.99, 100, 105])).toBe(100);
    expect(averageByMedianPercent([3.1, 3.42, 2.79])).toBe(3.1);
  });
  it('gives no result when both extremes are beyond', () => {
    expect(averageByMedianPercent([100, 111, 89])).toBeNull();
    expect(averageByMedianPercent([100, 110.01, 89.99])).toBeNull();
  });
  it('gives no result for empty rows, too few readings, an even count or a median that is not positive', () => {
    expect(averageByMedianPercent([100, '', 95])).toBeNull();
    expect(averageByMedianPercent([100, null, 95])).toBeNull();
    expect(averageByMedianPercent([])).toBeNull();
    expect(averageByMedianPercent([100, 95])).toBeNull();
    expect(averageByMedianPercent([100, 95, 96, 97])).toBeNull();
    expect(averageByMedianPercent([0, 0, 0])).toBeNull();
    expect(averageByMedianPercent('100,95,96')).toBeNull();
  });
  it('takes another share when the method names one', () => {
    expect(averageByMedianPercent([85, 100, 115], 15)).toBe(100);
    expect(averageByMedianPercent([85, 100, 115.1], 15)).toBe(100);
    expect(averageByMedianPercent([84.9, 100, 115.1], 15)).toBeNull();
  });
});

describe('the minute variant (tolerance 30)', () => {
  it('averages at exactly 30 minutes from the median', () => {
    expect(averageByMedianMinutes([180, 210, 150])).toBe(180);
  });
  it('takes the median when one extreme is 31 minutes away, nothing when both are', () => {
    expect(averageByMedianMinutes([180, 211, 150])).toBe(180);
    expect(averageByMedianMinutes([180, 211, 149])).toBeNull();
  });
  it('gives no result with an empty row', () => {
    expect(averageByMedianMinutes([180, undefined, 150])).toBeNull();
  });
});

describe('the range check', () => {
  it('passes when every value lies within its limits, the limits included', () => {
    expect(
      rangeCheck([
        { value: 5, min: 5, max: 10 },
        { value: '10', min: '5', max: '10' },
      ]),
    ).toBe(true);
    expect(rangeCheck([{ value: 0.3, min: 0.1, max: 0.3 }])).toBe(true);
  });
  it('fails when any value lies outside', () => {
    expect(
      rangeCheck([
        { value: 5, min: 5, max: 10 },
        { value: 10.01, min: 5, max: 10 },
      ]),
    ).toBe(false);
    expect(rangeCheck([{ value: 4.99, min: 5, max: 10 }])).toBe(false);
    // a computed 0.1 + 0.2 is above 0.3: the check does not round it away
    expect(rangeCheck([{ value: 0.1 + 0.2, min: 0.1, max: 0.3 }])).toBe(false);
  });
  it('gives no verdict until every row has a value, a minimum and a maximum', () => {
    expect(
      rangeCheck([
        { value: 50, min: 5, max: 10 },
        { value: 6, min: 5 },
      ]),
    ).toBeNull();
    expect(rangeCheck([{ value: 6, min: 5, max: 10 }, {}])).toBeNull();
    expect(rangeCheck([{ value: '', min: 5, max: 10 }])).toBeNull();
    expect(rangeCheck([null])).toBeNull();
    expect(rangeCheck([])).toBeNull();
    expect(rangeCheck(undefined)).toBeNull();
  });
  it('reads the keys the model names', () => {
    expect(rangeCheck([{ measured: 7, lower: 5, upper: 6 }], ['measured', 'lower', 'upper'])).toBe(false);
  });
});

describe('the attrition retest text', () => {
  it('asks for a retest only above the ratio', () => {
    expect(attritionRetest(30.01, 30)).toBe(RETEST_TEXT);
    expect(attritionRetest(30, 30)).toBe('');
    expect(attritionRetest('29.9', '30')).toBe('');
    expect(attritionRetest(0.1 + 0.2, 0.3)).toBe(RETEST_TEXT);
    expect(attritionRetest(35, 30, '复检')).toBe('复检');
  });
  it('says nothing without both numbers', () => {
    expect(attritionRetest('', 30)).toBeNull();
    expect(attritionRetest(31, null)).toBeNull();
  });
});

describe('the CBR rule', () => {
  it('keeps every result at a coefficient of variation of exactly 12 %', () => {
    // mean 100, sample standard deviation √((144 + 0 + 144) / 2) = 12
    expect(cbrAverage([88, 100, 112])).toBe(100);
  });
  it('drops the result farthest from the mean above 12 %', () => {
    // mean 99.67, s = 12.50, cv = 12.55 %: 87 is 12.67 from the mean, 112 only 12.33
    expect(cbrAverage([87, 100, 112])).toBe(106);
    expect(cbrAverage([112, 100, 87], 'cv')).toBe(106);
  });
  it('drops the earlier of two results equally far from the mean', () => {
    // s = 12.1: cv 12.1 %
    expect(cbrAverage([87.9, 100, 112.1])).toBeCloseTo(106.05, 12);
  });
  it('keeps every result at a difference of exactly 0.03, drops one above it', () => {
    expect(cbrAverage([1.8, 1.83, 1.81], 'difference')).toBeCloseTo(1.8133333333, 9);
    // 1.831 is 0.0173 from the mean 1.8137, 1.80 only 0.0137
    expect(cbrAverage([1.8, 1.831, 1.81], 'difference')).toBeCloseTo(1.805, 12);
  });
  it('takes the limit the method names', () => {
    expect(cbrAverage([87, 100, 112], 'cv', 13)).toBeCloseTo(99.6666666667, 9);
  });
  it('gives no result for empty rows, fewer than three results, or a mean that is not positive', () => {
    expect(cbrAverage([88, '', 112])).toBeNull();
    expect(cbrAverage([88, 112])).toBeNull();
    expect(cbrAverage([])).toBeNull();
    expect(cbrAverage([-1, 0, 1])).toBeNull();
  });
});

describe('the compression index', () => {
  const rows = [
    { pressure: 50, voidRatio: 0.95 },
    { pressure: 100, voidRatio: 0.9 },
    { pressure: 200, voidRatio: 0.85 },
    { pressure: 400, voidRatio: 0.79 },
  ];
  it('takes the last two rows: (e₁ − e₂) / (log₁₀ p₂ − log₁₀ p₁)', () => {
    expect(compressionIndex(rows)).toBeCloseTo(0.06 / Math.log10(2), 12);
    expect(compressionIndex(rows)).toBeCloseTo(0.199316, 6);
  });
  it('skips empty rows at the end of the table', () => {
    expect(compressionIndex([...rows, { pressure: '', voidRatio: '' }, {}])).toBeCloseTo(0.199316, 6);
  });
  it('gives no result with fewer than two complete rows, equal pressures or a pressure that is not positive', () => {
    expect(compressionIndex([{ pressure: 100, voidRatio: 0.9 }, { pressure: 200 }])).toBeNull();
    expect(compressionIndex([])).toBeNull();
    expect(
      compressionIndex([
        { pressure: 100, voidRatio: 0.9 },
        { pressure: 100, voidRatio: 0.8 },
      ]),
    ).toBeNull();
    expect(
      compressionIndex([
        { pressure: 0, voidRatio: 0.9 },
        { pressure: 100, voidRatio: 0.8 },
      ]),
    ).toBeNull();
  });
  it('reads the keys the model names', () => {
    expect(
      compressionIndex(
        [
          { p: 100, e: 0.9 },
          { p: 1000, e: 0.6 },
        ],
        ['p', 'e'],
      ),
    ).toBeCloseTo(0.3, 12);
  });
});

describe('GB/T 8170 rounding to 2 decimals', () => {
  it('drops below 5 and raises above 5', () => {
    expect(roundHalfEven(2.124)).toBe(2.12);
    expect(roundHalfEven(2.126)).toBe(2.13);
  });
  it('rounds exactly 5 to the even neighbour', () => {
    expect(roundHalfEven(2.125)).toBe(2.12);
    expect(roundHalfEven(2.135)).toBe(2.14);
    expect(roundHalfEven(1.005)).toBe(1);
    expect(roundHalfEven(0.015)).toBe(0.02);
  });
  it('raises a 5 followed by any non-zero digit', () => {
    expect(roundHalfEven(2.1251)).toBe(2.13);
    expect(roundHalfEven(2.12500001)).toBe(2.13);
  });
  it('decides on the decimal typed, not on its binary approximation', () => {
    // 2.675 is held as 2.67499999999999982236431605997495353221893310546875
    expect((2.675).toFixed(2)).toBe('2.67');
    expect(roundHalfEven(2.675)).toBe(2.68);
    expect(roundHalfEven(2.665)).toBe(2.66);
  });
  it('rounds negative numbers by their absolute value; zero has no sign', () => {
    expect(roundHalfEven(-2.125)).toBe(-2.12);
    expect(roundHalfEven(-2.135)).toBe(-2.14);
    expect(Object.is(roundHalfEven(-0.004), 0)).toBe(true);
  });
  it('takes other digits, negative ones round to tens and hundreds', () => {
    expect(roundHalfEven(12.5, 0)).toBe(12);
    expect(roundHalfEven(13.5, 0)).toBe(14);
    expect(roundHalfEven(1250, -2)).toBe(1200);
    expect(roundHalfEven(1350, -2)).toBe(1400);
    expect(roundHalfEven(1.0005, 3)).toBe(1);
  });
  it('leaves shorter numbers and exponent forms alone, rounds tiny ones to 0', () => {
    expect(roundHalfEven(3.1)).toBe(3.1);
    expect(roundHalfEven(1.5e21)).toBe(1.5e21);
    expect(roundHalfEven(1e-7)).toBe(0);
    expect(roundHalfEven(0.1 + 0.2)).toBe(0.3);
  });
  it('gives NaN for what is not a finite number or a bad digit count', () => {
    expect(roundHalfEven(Number.NaN)).toBeNaN();
    expect(roundHalfEven(Number.POSITIVE_INFINITY)).toBeNaN();
    expect(roundHalfEven(1.5, 0.5)).toBeNaN();
    expect(roundHalfEven(1.5, 16)).toBeNaN();
  });
});
