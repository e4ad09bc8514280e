import { describe, expect, it } from 'vitest';
import { FitError, fitPolynomial, formulaText, rSquareText, significant } from '../../../../runtime/calc/fit/index';
import { exactPolynomialFit } from './exactLeastSquares';

/** Relative agreement to 6 significant digits (half a unit in the sixth digit). */
function expectSixDigits(actual: number, certified: number, what: string) {
  const tolerance = 5e-7 * Math.abs(certified);
  expect(Math.abs(actual - certified), `${what}: ${actual} vs certified ${certified}`).toBeLessThanOrEqual(tolerance);
}

/** A deterministic wobble (no Math.random: a failing case must replay), written as 4-decimal text. */
const wobble = (i: number) => (((i * i * 7919 + i * 104729) % 113) - 56) / 1000;

interface DataSet {
  name: string;
  x: string[];
  y: string[];
}

const DATA: DataSet[] = [
  {
    // a small calibration-like set
    name: 'x = 1 … 12',
    x: Array.from({ length: 12 }, (_, i) => String(i + 1)),
    y: Array.from({ length: 12 }, (_, i) => (2.5 + 0.8 * (i + 1) - 0.03 * (i + 1) ** 2 + wobble(i)).toFixed(4)),
  },
  {
    // the ill-conditioned case: x near 1,000, where the power basis is collinear to the last digit
    name: 'x = 1000 … 1010 by 0.5',
    x: Array.from({ length: 21 }, (_, i) => (1000 + i / 2).toFixed(1)),
    y: Array.from({ length: 21 }, (_, i) => (50 + 3 * Math.sin(i / 3) + 0.2 * i + wobble(i)).toFixed(4)),
  },
  {
    // a Pontius-like load cell: loads up to 3·10⁶, deflections near 1
    name: 'x = 150000 … 3000000',
    x: Array.from({ length: 20 }, (_, i) => String(150000 * (i + 1))),
    y: Array.from({ length: 20 }, (_, i) => (0.11019 + 0.0732 * (i + 1) * 1.5 - 0.000316 * ((i + 1) * 1.5) ** 2 + wobble(i) / 100).toFixed(5)),
  },
];

describe('polynomial fit against exact rational least squares', () => {
  for (const data of DATA) {
    for (let degree = 1; degree <= 6; degree++) {
      it(`${data.name}, degree ${degree}: every coefficient and R² to 6 significant digits`, () => {
        const certified = exactPolynomialFit(data.x, data.y, degree);
        const fit = fitPolynomial(data.x.map(Number), data.y.map(Number), degree);
        expect(fit.coefficients).toHaveLength(degree + 1);
        fit.coefficients.forEach((a, k) => expectSixDigits(a, certified.coefficients[k]!, `a${k}`));
        expectSixDigits(fit.rSquare, certified.rSquare, 'R²');
      });
    }
  }

  it('the normal equations in floating point would not: the test can tell a wrong method', () => {
    // the same data through AᵀA in doubles loses the degree-6 fit near x = 1,000 entirely
    const data = DATA[1]!;
    const x = data.x.map(Number);
    const y = data.y.map(Number);
    const p = 7;
    const m = Array.from({ length: p }, (_, j) => [
      ...Array.from({ length: p }, (_, k) => x.reduce((s, xi) => s + xi ** (j + k), 0)),
      x.reduce((s, xi, i) => s + xi ** j * y[i]!, 0),
    ]);
    for (let c = 0; c < p; c++) {
      for (let r = 0; r < p; r++) {
        if (r === c) continue;
        const f = m[r]![c]! / m[c]![c]!;
        m[r] = m[r]!.map((v, k) => v - f * m[c]![k]!);
      }
    }
    const naive = m.map((row, c) => row[p]! / row[c]!);
    const certified = exactPolynomialFit(data.x, data.y, 6).coefficients;
    const off = naive.some((a, k) => !(Math.abs(a - certified[k]!) <= 5e-7 * Math.abs(certified[k]!)));
    expect(off).toBe(true);
  });
});

describe('fit results', () => {
  it('reproduces an exact polynomial and predicts in the centred basis', () => {
    const x = [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007];
    const y = x.map((v) => 2 - 0.5 * (v - 1003) + 0.25 * (v - 1003) ** 2);
    const fit = fitPolynomial(x, y, 2);
    expect(fit.rSquare).toBeCloseTo(1, 12);
    expect(fit.predict(1003)).toBeCloseTo(2, 9);
    expect(fit.predict(1010)).toBeCloseTo(2 - 3.5 + 12.25, 9);
  });

  it('refuses a degree outside 1–6, unpaired or non-finite data, and too few distinct x values', () => {
    const code = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(FitError);
        return (error as FitError).code;
      }
      return 'none';
    };
    expect(code(() => fitPolynomial([1, 2, 3], [1, 2, 3], 0))).toBe('degree');
    expect(code(() => fitPolynomial([1, 2, 3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 5, 6, 7, 8], 7))).toBe('degree');
    expect(code(() => fitPolynomial([1, 2, 3], [1, 2, 3], 1.5))).toBe('degree');
    expect(code(() => fitPolynomial([1, 2, 3], [1, 2], 1))).toBe('data');
    expect(code(() => fitPolynomial([1, 2, Number.NaN], [1, 2, 3], 1))).toBe('data');
    expect(code(() => fitPolynomial([1, 1, 2, 2], [1, 2, 3, 4], 2))).toBe('points');
    expect(code(() => fitPolynomial([1, 2], [1, 2], 1))).toBe('none');
  });

  it('gives R² 1 for constant data fitted exactly', () => {
    expect(fitPolynomial([1, 2, 3], [5, 5, 5], 1).rSquare).toBe(1);
  });
});

describe('formula and R² text', () => {
  it('writes the highest power first, 6 significant digits, leaving zero terms out', () => {
    expect(formulaText([3, -0.25, 1.5])).toBe('y = 1.5x^2 - 0.25x + 3');
    expect(formulaText([3, -0.25, 1.5], { display: true })).toBe('y = 1.5x² − 0.25x + 3');
    expect(formulaText([-1.23456789, 0, 0, 2e-9])).toBe('y = 2e-9x^3 - 1.23457');
    expect(formulaText([0, -2])).toBe('y = -2x');
    expect(formulaText([0, 0])).toBe('y = 0');
  });
  it('formats numbers and R²', () => {
    expect(significant(1234567)).toBe('1.23457e6');
    expect(significant(0.000123456789)).toBe('0.000123457');
    expect(significant(100)).toBe('100');
    expect(rSquareText(0.998765)).toBe('R² = 0.9988');
  });
});

/**
 * NIST StRD linear regression sets of the polynomial class within degree 1–6, with NIST's certified
 * coefficients and R² (https://www.itl.nist.gov/div898/strd/lls/lls.shtml). Pontius is degree 2 (loads
 * to 3·10⁶), Wampler1–5 degree 5 over x = 0…20, from exact data to a fit explaining 0.2 % of the
 * variance. Filip (degree 10) is beyond the chart's degrees. The data are checked against the
 * certified values through the exact solver too, so a mistyped value cannot pass.
 */
describe('NIST StRD certified values', () => {
  const wamplerX = Array.from({ length: 21 }, (_, i) => String(i));
  const powerSum = (x: bigint, weights: readonly bigint[]) => weights.reduce((sum, w, k) => sum + w * x ** BigInt(k), 0n);
  /** Wampler1's y: 1 + x + x² + x³ + x⁴ + x⁵ */
  const wampler1 = wamplerX.map((x) => powerSum(BigInt(x), [1n, 1n, 1n, 1n, 1n, 1n]));
  /** the symmetric disturbance Wampler3–5 add to Wampler1's y, times 1, 100 and 10,000 */
  const disturbance = [759, -2048, 2048, -2048, 2523, -2048, 2048, -2048, 1838, -2048, 2048, -2048, 1838, -2048, 2048, -2048, 2523, -2048, 2048, -2048, 759];
  /** Wampler2's y: 1 + 0.1x + 0.01x² + … + 0.00001x⁵, as exact 5-decimal text */
  const wampler2 = wamplerX.map((x) => {
    const scaled = powerSum(BigInt(x), [100000n, 10000n, 1000n, 100n, 10n, 1n]).toString().padStart(6, '0');
    return `${scaled.slice(0, -5)}.${scaled.slice(-5)}`;
  });
  const pontiusX = [...Array.from({ length: 20 }, (_, i) => String(150000 * (i + 1))), ...Array.from({ length: 20 }, (_, i) => String(150000 * (i + 1)))];
  // prettier-ignore
  const pontiusY = [
    '.11019', '.21956', '.32949', '.43899', '.54803', '.65694', '.76562', '.87487', '.98292', '1.09146',
    '1.20001', '1.30822', '1.41599', '1.52399', '1.63194', '1.73947', '1.84646', '1.95392', '2.06128', '2.16844',
    '.11052', '.22018', '.32939', '.43886', '.54798', '.65739', '.76596', '.87474', '.98300', '1.09150',
    '1.20004', '1.30818', '1.41613', '1.52408', '1.63159', '1.73965', '1.84696', '1.95445', '2.06177', '2.16829',
  ].map((y) => (y.startsWith('.') ? `0${y}` : y));

  const ones = [1, 1, 1, 1, 1, 1];
  const SETS: { name: string; x: string[]; y: string[]; degree: number; coefficients: number[]; rSquare: number }[] = [
    {
      name: 'Pontius',
      x: pontiusX,
      y: pontiusY,
      degree: 2,
      coefficients: [0.673565789473684e-3, 0.732059160401003e-6, -0.316081871345029e-14],
      rSquare: 0.999999900178537,
    },
    { name: 'Wampler1', x: wamplerX, y: wampler1.map(String), degree: 5, coefficients: ones, rSquare: 1 },
    { name: 'Wampler2', x: wamplerX, y: wampler2, degree: 5, coefficients: [1, 0.1, 0.01, 0.001, 0.0001, 0.00001], rSquare: 1 },
    ...(
      [
        ['Wampler3', 1n, 0.99999555902582],
        ['Wampler4', 100n, 0.957478440825662],
        ['Wampler5', 10000n, 0.22466892157494e-2],
      ] as const
    ).map(([name, scale, rSquare]) => ({
      name,
      x: wamplerX,
      y: wampler1.map((y, i) => String(y + scale * BigInt(disturbance[i]!))),
      degree: 5,
      coefficients: ones,
      rSquare,
    })),
  ];

  for (const set of SETS) {
    it(`${set.name} (degree ${set.degree}): every coefficient and R² to 6 significant digits of the certified values`, () => {
      // the data as typed here reproduce NIST's certified values (exact arithmetic, to 12 digits)
      const exact = exactPolynomialFit(set.x, set.y, set.degree);
      exact.coefficients.forEach((a, k) =>
        expect(Math.abs(a - set.coefficients[k]!), `${set.name} exact a${k}`).toBeLessThanOrEqual(1e-12 * Math.abs(set.coefficients[k]!)),
      );
      expect(Math.abs(exact.rSquare - set.rSquare), `${set.name} exact R²`).toBeLessThanOrEqual(1e-12 * set.rSquare);

      const fit = fitPolynomial(set.x.map(Number), set.y.map(Number), set.degree);
      fit.coefficients.forEach((a, k) => expectSixDigits(a, set.coefficients[k]!, `${set.name} a${k}`));
      expectSixDigits(fit.rSquare, set.rSquare, `${set.name} R²`);
    });
  }
});
