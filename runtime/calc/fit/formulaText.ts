/** A number to `digits` significant digits, without trailing zeros or an exponent for everyday sizes. */
export function significant(value: number, digits = 6): string {
  if (value === 0) return '0';
  const text = value.toPrecision(digits);
  if (text.includes('e')) {
    const [mantissa = '', exponent = ''] = text.split('e');
    return `${mantissa.replace(/\.?0+$/, '')}e${exponent.replace('+', '')}`;
  }
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

const SUPERSCRIPT: Record<string, string> = { 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶' };

/**
 * The fitted curve as text, highest power first: `y = 1.5x^2 - 0.25x + 3` (plain, funcFormulaStr) or
 * with superscripts `y = 1.5x² − 0.25x + 3` (display, funcFormulaFormat). Zero terms are left out.
 */
export function formulaText(coefficients: readonly number[], options: { digits?: number; display?: boolean } = {}): string {
  const { digits = 6, display = false } = options;
  const minus = display ? '−' : '-';
  const terms = coefficients
    .map((coefficient, power) => ({ coefficient, power }))
    .filter(({ coefficient }) => coefficient !== 0)
    .reverse()
    .map(({ coefficient, power }, index) => {
      const magnitude = significant(Math.abs(coefficient), digits);
      const variable = power === 0 ? '' : power === 1 ? 'x' : display ? `x${SUPERSCRIPT[power] ?? `^${power}`}` : `x^${power}`;
      const sign = coefficient < 0 ? (index === 0 ? minus : ` ${minus} `) : index === 0 ? '' : ' + ';
      return `${sign}${magnitude}${variable}`;
    });
  return `y = ${terms.join('') || '0'}`;
}

/** R² as text to `decimals` places: `R² = 0.9987`. */
export const rSquareText = (rSquare: number, decimals = 4): string => `R² = ${rSquare.toFixed(decimals)}`;
