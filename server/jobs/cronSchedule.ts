import { Cron } from 'croner';
import { checkCron } from '../../runtime/cron/cronExpression.js';

export interface CronSchedule {
  /** the first fire time strictly after `after` (whole seconds), or null when the expression never fires again */
  nextAfter(after: Date): Date | null;
}

/**
 * A seven-part Quartz expression (second minute hour day-of-month month day-of-week year, weekdays 1–7 from
 * Sunday) as a schedule. The runtime's checkCron (the client editor's own check) decides what is valid, so
 * the server accepts exactly what the editor builds; croner computes the fire times, in Quartz's weekday
 * numbering, with `?` and Quartz's rule that day-of-month and day-of-week are not OR-ed (one is `?`).
 * Throws on an expression checkCron refuses.
 */
export function cronSchedule(expression: string): CronSchedule {
  const problems = checkCron(expression);
  if (problems.length > 0) throw new Error(`invalid cron expression (${problems.map((p) => p.code).join(', ')})`);
  // seven parts, Quartz weekdays, `start/step` as the editor writes it, and day AND week (one of them is `?`)
  const cron = new Cron(expression.trim().split(/\s+/).join(' '), {
    paused: true,
    mode: '7-part',
    alternativeWeekdays: true,
    sloppyRanges: true,
    domAndDow: true,
  });
  return {
    nextAfter: (after) => cron.nextRun(after),
  };
}
