// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildCron, checkCron, CRON_PARTS, isValidCron, parseCronPart, type CronPartSpec } from '../../../../runtime/cron/cronExpression';

describe('schedule expressions: seven parts and the ranges of spec 000 §5', () => {
  it('names the spec ranges', () => {
    expect(CRON_PARTS.map(({ name, min, max }) => `${name} ${min}-${max}`)).toEqual([
      'second 0-59',
      'minute 0-59',
      'hour 0-23',
      'day 1-31',
      'month 1-12',
      'week 1-7',
      'year 2019-2119',
    ]);
  });

  it.each([
    '0 0 12 * * ? *',
    '0/5 * * * * ? *',
    '0 15 10 ? * 2-6 *',
    '0 0 0 L * ? *',
    '0 0 0 15W * ? 2019-2119',
    '0 0 0 ? * 6#5 *',
    '0 0 0 ? * 7L *',
    '59 59 23 31 12 ? 2119',
    '0 1/60 * * * ? 2020/99',
    '0,15,30,45 * * * 1,6,12 ? *',
    '0 0 0 LW * ? *',
  ])('accepts %s', (expression) => {
    expect(checkCron(expression)).toEqual([]);
    expect(isValidCron(expression)).toBe(true);
  });

  it.each([
    ['60 * * * * ? *', { code: 'range', part: 'second', value: 60, min: 0, max: 59 }],
    ['* 60 * * * ? *', { code: 'range', part: 'minute', value: 60, min: 0, max: 59 }],
    ['* 0/61 * * * ? *', { code: 'step', part: 'minute', value: 61, min: 1, max: 60 }],
    ['* 0/0 * * * ? *', { code: 'step', part: 'minute', value: 0, min: 1, max: 60 }],
    ['* * 24 * * ? *', { code: 'range', part: 'hour', value: 24, min: 0, max: 23 }],
    ['* * * 0 * ? *', { code: 'range', part: 'day', value: 0, min: 1, max: 31 }],
    ['* * * 32 * ? *', { code: 'range', part: 'day', value: 32, min: 1, max: 31 }],
    ['* * * * 13 ? *', { code: 'range', part: 'month', value: 13, min: 1, max: 12 }],
    ['* * * ? * 0 *', { code: 'range', part: 'week', value: 0, min: 1, max: 7 }],
    ['* * * ? * 8 *', { code: 'range', part: 'week', value: 8, min: 1, max: 7 }],
    ['* * * ? * 2#6 *', { code: 'range', part: 'week', value: 6, min: 1, max: 5 }],
    ['* * * ? * 2#0 *', { code: 'range', part: 'week', value: 0, min: 1, max: 5 }],
    ['* * * * * ? 2018', { code: 'range', part: 'year', value: 2018, min: 2019, max: 2119 }],
    ['* * * * * ? 2120', { code: 'range', part: 'year', value: 2120, min: 2019, max: 2119 }],
    ['* * * * * ? 2019/100', { code: 'step', part: 'year', value: 100, min: 1, max: 99 }],
    ['* * 5-3 * * ? *', { code: 'order', part: 'hour', from: 5, to: 3 }],
    ['* * * * * ? x', { code: 'syntax', part: 'year', text: 'x' }],
    ['? * * * * ? *', { code: 'syntax', part: 'second', text: '?' }],
    ['* * * L * ? *', undefined],
    ['* * * 1W * ? *', undefined],
    ['* * * 5L * ? *', { code: 'syntax', part: 'day', text: '5L' }],
    ['* * * ? * 1W *', { code: 'syntax', part: 'week', text: '1W' }],
    ['1,,2 * * * * ? *', { code: 'syntax', part: 'second', text: '1,,2' }],
  ])('refuses %s', (expression, problem) => {
    if (problem) expect(checkCron(expression)).toContainEqual(problem);
    else expect(checkCron(expression)).toEqual([]);
  });

  it('needs exactly seven parts and exactly one of day and week as ?', () => {
    expect(checkCron('0 0 12 * * ?')).toEqual([{ code: 'parts', count: 6 }]);
    expect(checkCron('')).toEqual([{ code: 'parts', count: 0 }]);
    expect(checkCron('0 0 12 * * * * *')).toEqual([{ code: 'parts', count: 8 }]);
    expect(checkCron('0 0 12 * * * *')).toEqual([{ code: 'dayAndWeek' }]);
    expect(checkCron('0 0 12 ? * ? *')).toEqual([{ code: 'dayAndWeek' }]);
  });

  it('builds an expression from the editor parts and reads parts back', () => {
    const parts: Record<(typeof CRON_PARTS)[number]['name'], CronPartSpec> = {
      second: { mode: 'list', values: [30, 0, 30] },
      minute: { mode: 'interval', start: 0, step: 15 },
      hour: { mode: 'range', from: 8, to: 18 },
      day: { mode: 'unspecified' },
      month: { mode: 'every' },
      week: { mode: 'nth', weekday: 2, nth: 1 },
      year: { mode: 'every' },
    };
    const expression = buildCron(parts);
    expect(expression).toBe('0,30 0/15 8-18 ? * 2#1 *');
    expect(isValidCron(expression)).toBe(true);
    expect(buildCron({ ...parts, day: { mode: 'workday', day: 15 }, week: { mode: 'unspecified' } })).toBe('0,30 0/15 8-18 15W * ? *');
    expect(buildCron({ ...parts, day: { mode: 'unspecified' }, week: { mode: 'last', weekday: 6 } })).toContain(' 6L ');
    expect(buildCron({ ...parts, second: { mode: 'list', values: [] } }).startsWith('* ')).toBe(true);
    for (const text of ['*', '?', 'L', '1-5', '0/15', '6L', '15W', '2#3', '1,3,5']) {
      const spec = parseCronPart(text);
      expect(spec, text).toBeDefined();
      expect(buildCron({ ...parts, week: spec! }).split(' ')[5], text).toBe(text);
    }
    expect(parseCronPart('1-3,5')).toBeUndefined();
  });
});
