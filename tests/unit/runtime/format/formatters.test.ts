// @vitest-environment node
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { compactNumber, DATE_FORMAT, DATETIME_FORMAT, ellipsis, relativeTime, thousands, TIME_FORMAT } from '../../../../runtime/format/formatters';
import { acceptNumberKeystroke, numberOnBlur } from '../../../../runtime/validation/numberKeystroke';

describe('formatters (spec 000 §9)', () => {
  it('ellipsis cuts at 25 characters by default and never splits a character', () => {
    expect(ellipsis('a'.repeat(25))).toBe('a'.repeat(25));
    expect(ellipsis('a'.repeat(26))).toBe(`${'a'.repeat(25)}...`);
    expect(ellipsis('检测报告编号', 4)).toBe('检测报告...');
    expect(ellipsis('😀😀😀', 2)).toBe('😀😀...');
    expect(ellipsis(null)).toBe('');
    expect(ellipsis(12345, 3)).toBe('123...');
  });

  it('thousands inserts separators in the integer part only', () => {
    expect(thousands(1234567.891)).toBe('1,234,567.891');
    expect(thousands('-1000')).toBe('-1,000');
    expect(thousands(999)).toBe('999');
    expect(thousands('12a')).toBe('12a');
    expect(thousands('')).toBe('');
    expect(thousands(0.12345)).toBe('0.12345');
  });

  it('compactNumber steps through k, M, G, T, P, E', () => {
    expect(compactNumber(999)).toBe('999');
    expect(compactNumber(1000)).toBe('1k');
    expect(compactNumber(1500)).toBe('1.5k');
    expect(compactNumber(2_300_000)).toBe('2.3M');
    expect(compactNumber(4e9)).toBe('4G');
    expect(compactNumber(5.25e12, 2)).toBe('5.25T');
    expect(compactNumber(6e15)).toBe('6P');
    expect(compactNumber(7e18)).toBe('7E');
    expect(compactNumber(-1500)).toBe('-1.5k');
    expect(compactNumber(Number.NaN)).toBe('');
  });

  it('relativeTime: just now under 30 s, then minutes, hours, days', () => {
    const now = Date.UTC(2026, 0, 2, 12);
    expect(relativeTime(now - 29_000, now)).toEqual({ key: 'justNow' });
    expect(relativeTime(now + 5_000, now)).toEqual({ key: 'justNow' });
    expect(relativeTime(now - 30_000, now)).toEqual({ key: 'minutesAgo', count: 1 });
    expect(relativeTime(now - 59 * 60_000, now)).toEqual({ key: 'minutesAgo', count: 59 });
    expect(relativeTime(now - 3_600_000, now)).toEqual({ key: 'hoursAgo', count: 1 });
    expect(relativeTime(new Date(now - 86_400_000), new Date(now))).toEqual({ key: 'daysAgo', count: 1 });
  });

  it('names the date formats of the spec', () => {
    const at = dayjs('2026-03-04T05:06:07');
    expect(at.format(DATE_FORMAT)).toBe('2026-03-04');
    expect(at.format(DATETIME_FORMAT)).toBe('2026-03-04 05:06:07');
    expect(at.format(TIME_FORMAT)).toBe('05:06:07');
  });
});

describe('number-input keystrokes (spec 000 §5)', () => {
  it('accepts an optional leading minus, digits and one decimal point, reverting anything else', () => {
    expect(acceptNumberKeystroke('', '-')).toBe('-');
    expect(acceptNumberKeystroke('-', '-1')).toBe('-1');
    expect(acceptNumberKeystroke('1', '1.')).toBe('1.');
    expect(acceptNumberKeystroke('1.', '1.5')).toBe('1.5');
    expect(acceptNumberKeystroke('1.5', '1.5.')).toBe('1.5');
    expect(acceptNumberKeystroke('12', '12a')).toBe('12');
    expect(acceptNumberKeystroke('12', '1-2')).toBe('12');
    expect(acceptNumberKeystroke('12', '+12')).toBe('12');
    expect(acceptNumberKeystroke('12', '1 2')).toBe('12');
    expect(acceptNumberKeystroke('12', '')).toBe('');
  });

  it('on blur turns a valid value into a number and clears an invalid one', () => {
    expect(numberOnBlur('12.5')).toBe(12.5);
    expect(numberOnBlur('-3')).toBe(-3);
    expect(numberOnBlur('1.')).toBe(1);
    expect(numberOnBlur('.5')).toBe(0.5);
    expect(numberOnBlur('-')).toBe('');
    expect(numberOnBlur('.')).toBe('');
    expect(numberOnBlur('')).toBe('');
    expect(numberOnBlur('abc')).toBe('');
  });
});
