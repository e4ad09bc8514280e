import type { Scalar } from '../../runtime/model/types.js';
import { appError } from '../errors.js';
import type { CompiledField } from './compileModel.js';
import { coerceValue, isDate } from '../../runtime/model/fieldRules.js';

/** The advanced-query rules of the spec; the Jeecg value conventions map onto the same set. */
export const RULES = ['eq', 'like', 'right_like', 'left_like', 'in', 'ne', 'gt', 'ge', 'lt', 'le'] as const;
export type Rule = (typeof RULES)[number];
export const LIKE_RULES: ReadonlySet<Rule> = new Set(['like', 'right_like', 'left_like']);

export const MAX_IN_VALUES = 1000;
const MAX_TEXT_VALUE = 500;

/** One checked condition: a whitelisted field, a rule from the fixed list, values of the field's type. */
export interface Condition {
  field: CompiledField;
  rule: Rule;
  value: Scalar | Scalar[];
}

function invalid(field: CompiledField, what: string): never {
  throw appError('CL_ERR_QUERY_INVALID', { detail: `${field.name}: ${what}` });
}

/**
 * A filter value as the column compares it. Numbers must be numbers; a date field takes a real
 * date; a datetime field takes a date-time or a bare date (an upper bound then includes that whole day).
 */
export function filterValue(field: CompiledField, raw: Scalar, rule: Rule): Scalar {
  if (LIKE_RULES.has(rule)) {
    if (!field.textual) invalid(field, 'a contains/starts/ends filter needs a text field');
    const text = String(raw);
    if (text.length > MAX_TEXT_VALUE) invalid(field, 'value too long');
    return text;
  }
  const type = field.def.type;
  if (type === 'datetime' && typeof raw === 'string' && isDate(raw.trim())) {
    return `${raw.trim()} ${rule === 'le' || rule === 'gt' ? '23:59:59' : '00:00:00'}`;
  }
  const coerced = coerceValue(type, typeof raw === 'string' && type !== 'string' && type !== 'text' ? raw.trim() : raw);
  if (!coerced.ok) invalid(field, `not a valid ${coerced.rule}`);
  if (typeof coerced.value === 'string' && coerced.value.length > MAX_TEXT_VALUE) invalid(field, 'value too long');
  return coerced.value;
}

/** Splits an `in` list ("a,b" or an array), drops empty items, checks each value. */
export function inValues(field: CompiledField, raw: Scalar | Scalar[]): Scalar[] {
  const items = (Array.isArray(raw) ? raw : String(raw).split(',')).map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '');
  if (items.length > MAX_IN_VALUES) invalid(field, `at most ${MAX_IN_VALUES} values`);
  return items.map((v) => filterValue(field, v, 'eq'));
}

/** A checked condition, or null when the value is empty (an empty filter filters nothing). */
export function buildCondition(field: CompiledField, rule: Rule, raw: Scalar | Scalar[] | null | undefined): Condition | null {
  if (raw === null || raw === undefined) return null;
  if (rule === 'in') {
    const values = inValues(field, raw);
    return values.length === 0 ? null : { field, rule, value: values };
  }
  if (Array.isArray(raw)) invalid(field, `rule ${rule} takes one value`);
  if (typeof raw === 'string' && raw.trim() === '') return null;
  return { field, rule, value: filterValue(field, raw, rule) };
}

/**
 * `<field>=<value>` with Jeecg's conventions: *x* contains, x* starts with, *x ends with, !x not
 * equal, >=x <=x >x <x comparisons (a space after the operator allowed), a,b one of, else equal.
 */
export function parseFieldFilter(field: CompiledField, text: string): Condition | null {
  const value = text.trim();
  if (value === '') return null;
  const op = /^(>=|<=|>|<|!)\s*/.exec(value);
  if (op) {
    const rule: Rule = op[1] === '>=' ? 'ge' : op[1] === '<=' ? 'le' : op[1] === '>' ? 'gt' : op[1] === '<' ? 'lt' : 'ne';
    return buildCondition(field, rule, value.slice(op[0].length));
  }
  const starts = value.startsWith('*');
  const ends = value.length > 1 && value.endsWith('*');
  if (starts || ends) {
    const inner = value.slice(starts ? 1 : 0, ends ? -1 : undefined);
    if (inner === '' || inner === '*') return null;
    return buildCondition(field, starts && ends ? 'like' : starts ? 'left_like' : 'right_like', inner);
  }
  if (value.includes(',')) return buildCondition(field, 'in', value);
  return buildCondition(field, 'eq', value);
}
