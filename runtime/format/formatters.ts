/** The display filters of spec 000 §9. Pure; dates go through dayjs with the formats named here. */

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TIME_FORMAT = 'HH:mm:ss';
export const ELLIPSIS_LENGTH = 25;

/** The first `length` characters (code points, so a CJK or emoji character is never split) and '...' when cut. */
export function ellipsis(value: unknown, length = ELLIPSIS_LENGTH): string {
  if (value === undefined || value === null) return '';
  const chars = Array.from(String(value));
  return chars.length > length ? `${chars.slice(0, length).join('')}...` : chars.join('');
}

/** Thousands separators in the integer part: 1234567.891 → '1,234,567.891'; non-numbers come back as text. */
export function thousands(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  const text = String(value).trim();
  const match = /^([+-]?)(\d+)(\.\d+)?$/.exec(text);
  if (!match) return text;
  return `${match[1]}${(match[2] as string).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${match[3] ?? ''}`;
}

const SI = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
];

/** 1500 → '1.5k', 2300000 → '2.3M', up to E; below 1000 the number itself; trailing zeros dropped. */
export function compactNumber(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return '';
  const abs = Math.abs(value);
  const unit = SI.find((si) => abs >= si.value);
  if (!unit) return String(value);
  const scaled = (abs / unit.value).toFixed(digits).replace(/\.0+$|(\.\d*[1-9])0+$/, '$1');
  return `${value < 0 ? '-' : ''}${scaled}${unit.symbol}`;
}

export type RelativeTime = { key: 'justNow' } | { key: 'minutesAgo' | 'hoursAgo' | 'daysAgo'; count: number };

/**
 * How long ago `then` was, as an i18n key and count (the widget's texts live in the resources):
 * under 30 s 'just now', then minutes, hours, and days ('1 day ago').
 */
export function relativeTime(then: number | Date, now: number | Date = Date.now()): RelativeTime {
  const seconds = Math.max(0, (Number(now) - Number(then)) / 1000);
  if (seconds < 30) return { key: 'justNow' };
  if (seconds < 3600) return { key: 'minutesAgo', count: Math.max(1, Math.floor(seconds / 60)) };
  if (seconds < 86400) return { key: 'hoursAgo', count: Math.floor(seconds / 3600) };
  return { key: 'daysAgo', count: Math.floor(seconds / 86400) };
}
