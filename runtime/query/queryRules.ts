import type { SuperQueryRule } from '../data/DataProvider';
import type { FieldType } from '../model/types';
import type { QueryField } from './queryFields';

/** Every rule of spec 000 §5, in the order the rule select lists them. */
export const QUERY_RULES: readonly SuperQueryRule[] = ['eq', 'like', 'right_like', 'left_like', 'in', 'ne', 'gt', 'ge', 'lt', 'le'];

const TEXT_TYPES: ReadonlySet<FieldType> = new Set<FieldType>(['string', 'text']);
const CHOICE_RULES: readonly SuperQueryRule[] = ['eq', 'in', 'ne'];
const ORDERED_RULES: readonly SuperQueryRule[] = ['eq', 'in', 'ne', 'gt', 'ge', 'lt', 'le'];

/**
 * The rules a field admits, as the server checks them (server/engine/conditions.ts): contains / starts /
 * ends need a text field; a choice (dictionary, enum, yes/no) is equal, one of or not equal; numbers and
 * dates compare too. An unknown field admits every rule (the line is incomplete anyway).
 */
export function rulesFor(field: QueryField | undefined): readonly SuperQueryRule[] {
  if (!field) return QUERY_RULES;
  if (field.dict || field.enum || field.type === 'boolean') return CHOICE_RULES;
  if (TEXT_TYPES.has(field.type)) return QUERY_RULES;
  return ORDERED_RULES;
}

/** The rule a new line (or a line whose field changed) starts with. */
export function defaultRule(field: QueryField | undefined): SuperQueryRule {
  return field && TEXT_TYPES.has(field.type) && !field.dict && !field.enum ? 'like' : 'eq';
}
