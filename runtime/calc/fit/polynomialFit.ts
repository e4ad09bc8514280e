import { leastSquares } from './householderQr';

/** The curve degrees the chart offers (spec 001 §5, §9). */
export const MIN_DEGREE = 1;
export const MAX_DEGREE = 6;

export interface PolynomialFit {
  readonly degree: number;
  /** a₀ … a_degree of y = a₀ + a₁x + … in powers of x itself */
  readonly coefficients: readonly number[];
  /** coefficient of determination, 1 − SSres/SStot (1 for a perfect fit of constant data) */
  readonly rSquare: number;
  /** the fitted value at x, evaluated in the centred basis (no cancellation at x far from 0) */
  predict(x: number): number;
}

export class FitError extends Error {
  constructor(
    readonly code: 'degree' | 'data' | 'points',
    message: string,
  ) {
    super(message);
    this.name = 'FitError';
  }
}

/** u(x)ᵏ for k = 0 … degree. */
const powers = (u: number, degree: number): number[] => Array.from({ length: degree + 1 }, (_, k) => u ** k);

/** Coefficients of Σ cₖ·(x − shift)ᵏ in powers of x: a Taylor shift by repeated synthetic division. */
function shiftToPowersOfX(c: readonly number[], shift: number): number[] {
  const a = [...c];
  const n = a.length - 1;
  for (let i = 0; i < n; i++) {
    for (let k = n - 1; k >= i; k--) a[k] = (a[k] as number) - shift * (a[k + 1] as number);
  }
  return a;
}

/**
 * Least-squares polynomial of degree 1–6 through the points, computed stably: x is first centred on its
 * mean and scaled to [−1, 1] (raw powers of x near 1,000 are collinear to the last digit), the
 * coefficients in that basis come from Householder QR (orthogonal decomposition, not normal
 * equations), and only then are they expanded to powers of x. tests/unit/runtime/calc/polynomialFit.test.ts
 * checks each degree against exact rational arithmetic to 6 significant digits, x near 1,000 included.
 */
export function fitPolynomial(xs: readonly number[], ys: readonly number[], degree: number): PolynomialFit {
  if (!Number.isInteger(degree) || degree < MIN_DEGREE || degree > MAX_DEGREE) {
    throw new FitError('degree', `the degree must be an integer from ${MIN_DEGREE} to ${MAX_DEGREE}`);
  }
  if (xs.length !== ys.length || ![...xs, ...ys].every(Number.isFinite)) throw new FitError('data', 'x and y must be finite numbers in pairs');
  if (new Set(xs).size <= degree) throw new FitError('points', `a degree-${degree} curve needs at least ${degree + 1} distinct x values`);

  const centre = xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const scale = Math.max(...xs.map((x) => Math.abs(x - centre)));
  const basis = xs.map((x) => powers((x - centre) / scale, degree));
  let b: number[];
  try {
    b = leastSquares(
      Array.from({ length: degree + 1 }, (_, k) => basis.map((row) => row[k] as number)),
      ys,
    );
  } catch {
    throw new FitError('points', `a degree-${degree} curve needs at least ${degree + 1} distinct x values`);
  }
  const predict = (x: number) => {
    const u = (x - centre) / scale;
    return b.reduceRight((sum, coefficient) => sum * u + coefficient, 0);
  };
  const mean = ys.reduce((sum, y) => sum + y, 0) / ys.length;
  const total = ys.reduce((sum, y) => sum + (y - mean) ** 2, 0);
  const residual = xs.reduce((sum, x, i) => sum + ((ys[i] as number) - predict(x)) ** 2, 0);
  const coefficients = shiftToPowersOfX(
    b.map((coefficient, k) => coefficient / scale ** k),
    centre,
  );
  return {
    degree,
    coefficients,
    rSquare: total === 0 ? (residual === 0 ? 1 : 0) : 1 - residual / total,
    predict,
  };
}
