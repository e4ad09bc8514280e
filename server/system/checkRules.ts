/**
 * Check rules (JeecgBoot's sys_check_rule, /sys/checkRule/checkByCode): a rule is a list of steps, each
 * checking a slice of the value against a regular expression. A step with `digits` n takes the next n
 * characters (what is left when the value is shorter, '' past its end); `*` checks the whole value and
 * does not move on. The first failing step's message is the answer.
 *
 * The expressions come from administrators and run on the server, so they are bounded where a
 * catastrophic one could hang it: at most MAX_STEPS steps, each pattern up to MAX_PATTERN characters
 * and without a repeated group that itself repeats (`(a+)+`, `(a|aa)*`), values up to MAX_VALUE.
 */
export interface CheckStep {
  digits: string;
  pattern: string;
  message: string;
}

export const CHECK_LIMITS = { steps: 20, pattern: 200, message: 200, value: 500 } as const;

// a group holding a quantifier or an alternation, itself quantified: the shapes that backtrack exponentially
const NESTED_REPETITION = /\((?:[^()\\]|\\.)*(?:[+*}]|\|)(?:[^()\\]|\\.)*\)\s*[+*{]/;

/** The steps of a rule as saved (a JSON array, or its text), or null when they break a rule above. */
export function parseCheckSteps(value: unknown): CheckStep[] | null {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(list) || list.length === 0 || list.length > CHECK_LIMITS.steps) return null;
  const steps: CheckStep[] = [];
  for (const item of list) {
    if (item === null || typeof item !== 'object') return null;
    const { digits, pattern, message } = item as Record<string, unknown>;
    const count = typeof digits === 'number' ? String(digits) : digits;
    if (typeof count !== 'string' || !(count === '*' || /^[1-9]\d{0,2}$/.test(count))) return null;
    if (typeof pattern !== 'string' || pattern.length === 0 || pattern.length > CHECK_LIMITS.pattern || NESTED_REPETITION.test(pattern)) return null;
    if (typeof message !== 'string' || message.length === 0 || message.length > CHECK_LIMITS.message) return null;
    try {
      new RegExp(pattern, 'u');
    } catch {
      return null;
    }
    steps.push({ digits: count, pattern, message });
  }
  return steps;
}

/** The message of the first step `value` fails, or null when it passes them all. */
export function firstFailure(steps: readonly CheckStep[], value: string): string | null {
  let begin = 0;
  for (const step of steps) {
    let slice: string;
    if (step.digits === '*') slice = value;
    else {
      const count = Number(step.digits);
      const end = Math.min(begin + count, value.length);
      slice = begin > end ? '' : value.slice(begin, end);
      begin += count;
    }
    // Java's Pattern.matches: the whole slice must match
    if (!new RegExp(`^(?:${step.pattern})$`, 'u').test(slice)) return step.message;
  }
  return null;
}
