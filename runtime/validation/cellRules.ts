import validationMessages from '../../schemas/meta/validation-messages.json' with { type: 'json' };
import type { Lang } from '../model/types';
import { isPatternName, patternMessage, testPattern } from './patterns';

/**
 * One validation rule of an editable-table column (spec 000 §5), as a column's `validateRules` lists them:
 * `{ required: true }`, `{ unique: true }`, `{ pattern: 'money' }` (a pattern code), `{ pattern: '^\\d+$' }`
 * (a custom regular expression), or `{ handler }` (code registered by name, never a string from a model).
 * `message` overrides the default; `{label}` in it becomes the column title.
 */
export type CellRule =
  | { required: true; message?: string }
  | { unique: true; message?: string }
  | { pattern: string; message?: string }
  | { handler: CellHandler; message?: string };

/** A custom check: '' (or nothing) when the value passes, else the message to show. */
export type CellHandler = (value: unknown, context: CellContext) => string | undefined;

export interface CellContext {
  /** the column's title, for {label} */
  label: string;
  lang: Lang;
  /** the row being checked, by index into `values` */
  rowIndex: number;
  /** this column's value in every row, for the unique rule */
  values: readonly unknown[];
}

type CellMessageKey = 'cellRequired' | 'cellUnique' | 'cellPattern';
const MESSAGES = validationMessages as unknown as Record<CellMessageKey, Record<Lang, string>>;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

const fill = (template: string, label: string) => template.replace(/\{label\}/g, label);

/** A pattern that is not a code is the column's own regular expression; a bad one fails loudly. */
function patternPasses(pattern: string, text: string): boolean {
  return isPatternName(pattern) ? testPattern(pattern, text) : new RegExp(pattern).test(text);
}

function ruleFailure(rule: CellRule, value: unknown, ctx: CellContext): string {
  const own = rule.message ? fill(rule.message, ctx.label) : undefined;
  if ('required' in rule) return isEmpty(value) ? (own ?? MESSAGES.cellRequired[ctx.lang]) : '';
  // the other rules judge values only: an empty optional cell passes them
  if (isEmpty(value)) return '';
  if ('unique' in rule) {
    const text = String(value);
    const repeated = ctx.values.some((other, i) => i !== ctx.rowIndex && !isEmpty(other) && String(other) === text);
    return repeated ? (own ?? fill(MESSAGES.cellUnique[ctx.lang], ctx.label)) : '';
  }
  if ('pattern' in rule) {
    if (patternPasses(rule.pattern, String(value))) return '';
    if (own) return own;
    return isPatternName(rule.pattern) ? patternMessage(rule.pattern, ctx.lang) : fill(MESSAGES.cellPattern[ctx.lang], ctx.label);
  }
  return rule.handler(value, ctx) || '';
}

/** The first broken rule's message, in the column's rule order, or '' when the cell is valid. */
export function checkCell(rules: readonly CellRule[], value: unknown, ctx: CellContext): string {
  for (const rule of rules) {
    const message = ruleFailure(rule, value, ctx);
    if (message) return message;
  }
  return '';
}
