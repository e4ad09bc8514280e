const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const GROUP_UNITS = ['', '万', '亿'];
const MAX_INTEGER_DIGITS = 12;
/** the spec's exact text for an amount whose integer part exceeds 12 digits */
export const AMOUNT_TOO_LARGE = '金额过大无法计算';

function integerCapitals(digits: string): string {
  if (/^0*$/.test(digits)) return '';
  let out = '';
  let zeros = 0;
  const length = digits.length;
  for (let i = 0; i < length; i++) {
    const digit = Number(digits[i]);
    const position = length - 1 - i;
    const small = position % 4;
    if (digit === 0) zeros++;
    else {
      if (zeros > 0) out += DIGITS[0];
      zeros = 0;
      out += (DIGITS[digit] as string) + SMALL_UNITS[small];
    }
    // a group unit (万, 亿) follows its group unless the whole group was zeros
    if (small === 0 && position > 0) {
      const group = digits.slice(Math.max(0, i - 3), i + 1);
      if (!/^0+$/.test(group)) out += GROUP_UNITS[position / 4];
    }
  }
  return `${out}元`;
}

/**
 * An amount in Chinese financial capitals (壹佰贰拾叁元肆角伍分, 整 when there are no cents). Negative or
 * non-numeric input gives ''; an integer part over 12 digits gives '金额过大无法计算' (spec 000 §5).
 * Cents are rounded half up from the decimal text, never through floating point.
 */
export function amountInCapitals(input: unknown): string {
  const text =
    typeof input === 'number'
      ? Number.isFinite(input)
        ? input.toFixed(Math.min(20, Math.max(2, decimalsOf(input))))
        : ''
      : typeof input === 'string'
        ? input.trim()
        : '';
  const match = /^\+?(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return '';
  let integer = (match[1] as string).replace(/^0+(?=\d)/, '');
  let cents = Number(((match[2] ?? '') + '000').slice(0, 2));
  if (Number((match[2] ?? '').charAt(2) || '0') >= 5) cents++;
  if (cents === 100) {
    cents = 0;
    integer = (BigInt(integer) + 1n).toString();
  }
  if (integer.length > MAX_INTEGER_DIGITS) return AMOUNT_TOO_LARGE;
  const jiao = Math.floor(cents / 10);
  const fen = cents % 10;
  const whole = integerCapitals(integer);
  if (cents === 0) return whole ? `${whole}整` : `${DIGITS[0]}元整`;
  const fraction = (jiao ? `${DIGITS[jiao]}角` : '') + (fen ? `${DIGITS[fen]}分` : '');
  return whole + fraction;
}

function decimalsOf(value: number): number {
  const [, fraction = ''] = String(value).split('.');
  return fraction.length;
}
