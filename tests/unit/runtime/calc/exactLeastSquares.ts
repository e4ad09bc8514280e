/**
 * An independent reference for the polynomial fit: the least-squares solution of the normal equations
 * in exact rational arithmetic (BigInt fractions), from the data's decimal text. Exact arithmetic makes
 * the normal equations' ill-conditioning irrelevant, so its answers serve as certified values.
 */
type Fraction = { n: bigint; d: bigint };

const gcd = (a: bigint, b: bigint): bigint => {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y) [x, y] = [y, x % y];
  return x;
};
const make = (n: bigint, d: bigint): Fraction => {
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
};
const add = (a: Fraction, b: Fraction) => make(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a: Fraction, b: Fraction) => make(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a: Fraction, b: Fraction) => make(a.n * b.n, a.d * b.d);
const div = (a: Fraction, b: Fraction) => make(a.n * b.d, a.d * b.n);
const ZERO = make(0n, 1n);

/** '1000.25' → 100025/100, exactly. */
export function parseDecimal(text: string): Fraction {
  const [whole = '0', fraction = ''] = text.split('.');
  return make(BigInt(whole + fraction), 10n ** BigInt(fraction.length));
}

/** The nearest double, through a quotient of at least 19 significant digits. */
export function toNumber(value: Fraction): number {
  const negative = value.n < 0n;
  const n = negative ? -value.n : value.n;
  const shift = 20 - (n.toString().length - value.d.toString().length);
  const quotient = shift >= 0 ? (n * 10n ** BigInt(shift)) / value.d : n / (value.d * 10n ** BigInt(-shift));
  const result = Number(`${quotient}e${-shift}`);
  return negative ? -result : result;
}

/** Coefficients a₀…a_degree (ascending powers of x) and R², exactly, then rounded to doubles. */
export function exactPolynomialFit(xs: readonly string[], ys: readonly string[], degree: number): { coefficients: number[]; rSquare: number } {
  const x = xs.map(parseDecimal);
  const y = ys.map(parseDecimal);
  const p = degree + 1;
  const powers = x.map((xi) => {
    const out = [make(1n, 1n)];
    for (let k = 1; k <= 2 * degree; k++) out.push(mul(out[k - 1]!, xi));
    return out;
  });
  // augmented normal equations [XᵀX | Xᵀy]
  const m = Array.from({ length: p }, (_, j) => [
    ...Array.from({ length: p }, (_, k) => powers.reduce((sum, row) => add(sum, row[j + k]!), ZERO)),
    powers.reduce((sum, row, i) => add(sum, mul(row[j]!, y[i]!)), ZERO),
  ]);
  const xty = m.map((row) => row[p]!);
  for (let c = 0; c < p; c++) {
    const pivot = m.findIndex((row, r) => r >= c && row[c]!.n !== 0n);
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = 0; r < p; r++) {
      if (r === c || m[r]![c]!.n === 0n) continue;
      const factor = div(m[r]![c]!, m[c]![c]!);
      m[r] = m[r]!.map((value, k) => sub(value, mul(factor, m[c]![k]!)));
    }
  }
  const a = m.map((row, c) => div(row[p]!, row[c]!));
  const n = make(BigInt(y.length), 1n);
  const sumY = y.reduce(add, ZERO);
  const sumY2 = y.reduce((sum, yi) => add(sum, mul(yi, yi)), ZERO);
  const explained = a.reduce((sum, ai, j) => add(sum, mul(ai, xty[j]!)), ZERO);
  const residual = sub(sumY2, explained);
  const total = sub(sumY2, div(mul(sumY, sumY), n));
  return { coefficients: a.map(toNumber), rSquare: toNumber(sub(make(1n, 1n), div(residual, total))) };
}
