/**
 * Seven-part schedule expressions (Quartz style, spec 000 §5): second minute hour day-of-month month
 * day-of-week year. Maintained parsers (cron-parser, croner) take five or six parts and no year, and do
 * not know the spec's ranges, so the check is ours; it only validates and builds text, it never schedules.
 */

export type CronPartName = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'week' | 'year';

export interface CronPartRange {
  name: CronPartName;
  min: number;
  max: number;
  /** the largest interval step */
  stepMax: number;
}

/** The ranges of spec 000 §5, in expression order. */
export const CRON_PARTS: readonly CronPartRange[] = [
  { name: 'second', min: 0, max: 59, stepMax: 60 },
  { name: 'minute', min: 0, max: 59, stepMax: 60 },
  { name: 'hour', min: 0, max: 23, stepMax: 24 },
  { name: 'day', min: 1, max: 31, stepMax: 31 },
  { name: 'month', min: 1, max: 12, stepMax: 12 },
  { name: 'week', min: 1, max: 7, stepMax: 7 },
  { name: 'year', min: 2019, max: 2119, stepMax: 99 },
];
/** nth weekday of the month (week part 'd#n') */
export const NTH_WEEKDAY = { min: 1, max: 5 } as const;

/** What one part of the editor says; buildCronPart turns it into text. */
export type CronPartSpec =
  | { mode: 'every' }
  /** '?': the other of day / week decides */
  | { mode: 'unspecified' }
  | { mode: 'range'; from: number; to: number }
  | { mode: 'interval'; start: number; step: number }
  | { mode: 'list'; values: number[] }
  /** day: 'L' (last day of the month); week: 'dL' (last such weekday) */
  | { mode: 'last'; weekday?: number }
  /** day: 'nW', the working day nearest to day n */
  | { mode: 'workday'; day: number }
  /** week: 'd#n', the nth weekday d of the month */
  | { mode: 'nth'; weekday: number; nth: number };

export type CronProblem =
  | { code: 'parts'; count: number }
  | { code: 'syntax'; part: CronPartName; text: string }
  | { code: 'range'; part: CronPartName; value: number; min: number; max: number }
  | { code: 'step'; part: CronPartName; value: number; min: number; max: number }
  | { code: 'order'; part: CronPartName; from: number; to: number }
  | { code: 'dayAndWeek' };

const NUMBER = '(\\d+)';
const inRange = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

function checkNumber(part: CronPartRange, text: string): CronProblem | undefined {
  const value = Number(text);
  return inRange(value, part.min, part.max) ? undefined : { code: 'range', part: part.name, value, min: part.min, max: part.max };
}

/** One comma-separated item of a part. */
function checkItem(part: CronPartRange, item: string): CronProblem | undefined {
  const syntax: CronProblem = { code: 'syntax', part: part.name, text: item };
  if (item === '*') return undefined;
  let m = new RegExp(`^(?:\\*|${NUMBER})/${NUMBER}$`).exec(item);
  if (m) {
    const step = Number(m[2]);
    if (!inRange(step, 1, part.stepMax)) return { code: 'step', part: part.name, value: step, min: 1, max: part.stepMax };
    return m[1] === undefined ? undefined : checkNumber(part, m[1]);
  }
  m = new RegExp(`^${NUMBER}-${NUMBER}(?:/${NUMBER})?$`).exec(item);
  if (m) {
    const problem = checkNumber(part, m[1] as string) ?? checkNumber(part, m[2] as string);
    if (problem) return problem;
    if (Number(m[1]) > Number(m[2])) return { code: 'order', part: part.name, from: Number(m[1]), to: Number(m[2]) };
    const step = m[3] === undefined ? 1 : Number(m[3]);
    return inRange(step, 1, part.stepMax) ? undefined : { code: 'step', part: part.name, value: step, min: 1, max: part.stepMax };
  }
  if (/^\d+$/.test(item)) return checkNumber(part, item);
  if (part.name === 'day') {
    if (item === 'L' || item === 'LW') return undefined;
    m = /^(\d+)W$/.exec(item);
    if (m) return checkNumber(part, m[1] as string);
  }
  if (part.name === 'week') {
    m = /^(\d+)L$/.exec(item);
    if (m) return checkNumber(part, m[1] as string);
    m = /^(\d+)#(\d+)$/.exec(item);
    if (m) {
      const nth = Number(m[2]);
      return (
        checkNumber(part, m[1] as string) ??
        (inRange(nth, NTH_WEEKDAY.min, NTH_WEEKDAY.max) ? undefined : { code: 'range', part: part.name, value: nth, ...NTH_WEEKDAY })
      );
    }
  }
  return syntax;
}

/** The problems of an expression, [] when it is valid. */
export function checkCron(expression: string): CronProblem[] {
  const texts = expression.trim().split(/\s+/);
  if (texts.length !== CRON_PARTS.length) return [{ code: 'parts', count: expression.trim() === '' ? 0 : texts.length }];
  const problems: CronProblem[] = [];
  CRON_PARTS.forEach((part, i) => {
    const text = texts[i] as string;
    if (text === '?') {
      if (part.name !== 'day' && part.name !== 'week') problems.push({ code: 'syntax', part: part.name, text });
      return;
    }
    for (const item of text.split(',')) {
      const problem = item === '' ? { code: 'syntax' as const, part: part.name, text } : checkItem(part, item);
      if (problem) {
        problems.push(problem);
        break;
      }
    }
  });
  // Quartz: exactly one of day-of-month and day-of-week is '?'
  if ((texts[3] === '?') === (texts[5] === '?')) problems.push({ code: 'dayAndWeek' });
  return problems;
}

export function isValidCron(expression: string): boolean {
  return checkCron(expression).length === 0;
}

/** The text of one part from the editor's choice. Range checks are checkCron's business. */
export function buildCronPart(spec: CronPartSpec): string {
  switch (spec.mode) {
    case 'every':
      return '*';
    case 'unspecified':
      return '?';
    case 'range':
      return `${spec.from}-${spec.to}`;
    case 'interval':
      return `${spec.start}/${spec.step}`;
    case 'list':
      return spec.values.length === 0 ? '*' : [...new Set(spec.values)].sort((a, b) => a - b).join(',');
    case 'last':
      return spec.weekday === undefined ? 'L' : `${spec.weekday}L`;
    case 'workday':
      return `${spec.day}W`;
    case 'nth':
      return `${spec.weekday}#${spec.nth}`;
  }
}

/** The whole expression from the seven parts, in CRON_PARTS order. */
export function buildCron(parts: Readonly<Record<CronPartName, CronPartSpec>>): string {
  return CRON_PARTS.map((part) => buildCronPart(parts[part.name])).join(' ');
}

/** Reads one part back into the editor's choice; undefined for text the editor cannot show (e.g. a list of ranges). */
export function parseCronPart(text: string): CronPartSpec | undefined {
  if (text === '*') return { mode: 'every' };
  if (text === '?') return { mode: 'unspecified' };
  if (text === 'L') return { mode: 'last' };
  let m = /^(\d+)-(\d+)$/.exec(text);
  if (m) return { mode: 'range', from: Number(m[1]), to: Number(m[2]) };
  m = /^(\d+)\/(\d+)$/.exec(text);
  if (m) return { mode: 'interval', start: Number(m[1]), step: Number(m[2]) };
  m = /^(\d+)L$/.exec(text);
  if (m) return { mode: 'last', weekday: Number(m[1]) };
  m = /^(\d+)W$/.exec(text);
  if (m) return { mode: 'workday', day: Number(m[1]) };
  m = /^(\d+)#(\d+)$/.exec(text);
  if (m) return { mode: 'nth', weekday: Number(m[1]), nth: Number(m[2]) };
  if (/^\d+(,\d+)*$/.test(text)) return { mode: 'list', values: text.split(',').map(Number) };
  return undefined;
}
