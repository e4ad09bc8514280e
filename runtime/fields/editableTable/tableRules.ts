/** spec 000 §4/§9: "insert below" at most once per 1,500 ms */
export const INSERT_THROTTLE_MS = 1500;

/**
 * A gate letting one call through per `ms`; a call inside the window is refused (the caller warns
 * 'you clicked too fast, please slow down!'). The window starts at the last accepted call.
 */
export function createThrottleGate(ms: number, now: () => number = Date.now): () => boolean {
  let last = -Infinity;
  return () => {
    const at = now();
    if (at - last < ms) return false;
    last = at;
    return true;
  };
}

/**
 * The statistics row (spec 000 §5): a column's sum over its integer values; text that is no number
 * counts 0, and a decimal counts its integer part.
 */
export function sumIntegers(values: readonly unknown[]): number {
  let sum = 0;
  for (const value of values) {
    const number = typeof value === 'number' ? Math.trunc(value) : Number.parseInt(String(value ?? ''), 10);
    if (Number.isFinite(number)) sum += number;
  }
  return sum;
}

/** spec 000 §9: an upload cell shows at most 5 characters of a file name */
export function shortFileName(name: string, length = 5): string {
  return [...name].length > length ? `${[...name].slice(0, length).join('')}…` : name;
}

/**
 * Whether a row is one the user may not select: `disabledRows` maps a property to the value (or list
 * of values) that disables it, e.g. `{ "status": ["2", "3"] }`.
 */
export function rowDisabledBy(disabledRows: Record<string, unknown> | undefined): ((row: Record<string, unknown>) => boolean) | undefined {
  const entries = Object.entries(disabledRows ?? {});
  if (entries.length === 0) return undefined;
  return (row) =>
    entries.some(([property, match]) => {
      const value = row[property];
      if (value === undefined || value === null) return false;
      return Array.isArray(match) ? match.some((item) => String(item) === String(value)) : String(match) === String(value);
    });
}
