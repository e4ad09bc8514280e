/**
 * Least squares by Householder QR: minimises ‖A·b − y‖ without forming AᵀA, whose condition number is
 * the square of A's (the normal equations lose twice as many digits). `columns` are the columns of A.
 * Throws when A has fewer rows than columns or is rank-deficient (a column in the span of the others
 * to within rounding), which a caller reports as "not enough distinct x values".
 */
export function leastSquares(columns: readonly (readonly number[])[], y: readonly number[]): number[] {
  const p = columns.length;
  const m = y.length;
  if (p === 0 || m < p) throw new RangeError(`least squares needs at least ${p} rows, got ${m}`);
  const a = columns.map((column) => [...column]);
  const rhs = [...y];
  const columnNorms = a.map((column) => Math.hypot(...column));
  for (let k = 0; k < p; k++) {
    const column = a[k] as number[];
    const norm = Math.hypot(...column.slice(k));
    if (!(norm > 1e-13 * (columnNorms[k] as number))) throw new RangeError('the columns are linearly dependent');
    // v = x + sign(x₀)‖x‖e₁ avoids cancellation in its first entry; H = I − 2vvᵀ/(vᵀv)
    const alpha = (column[k] as number) >= 0 ? -norm : norm;
    const v = column.slice(k);
    v[0] = (v[0] as number) - alpha;
    const vv = v.reduce((sum, value) => sum + value * value, 0);
    const reflect = (target: number[]) => {
      let dot = 0;
      for (let i = 0; i < v.length; i++) dot += (v[i] as number) * (target[k + i] as number);
      const factor = (2 * dot) / vv;
      for (let i = 0; i < v.length; i++) target[k + i] = (target[k + i] as number) - factor * (v[i] as number);
    };
    for (let j = k; j < p; j++) reflect(a[j] as number[]);
    reflect(rhs);
  }
  // back substitution on the upper triangle R (R[i][j] = a[j][i])
  const b = new Array<number>(p).fill(0);
  for (let i = p - 1; i >= 0; i--) {
    let sum = rhs[i] as number;
    for (let j = i + 1; j < p; j++) sum -= (a[j] as number[])[i]! * (b[j] as number);
    b[i] = sum / (a[i] as number[])[i]!;
  }
  return b;
}
