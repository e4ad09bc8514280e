import type { SuperQueryCondition, SuperQueryRule } from '../data/DataProvider';

/** One line of the builder as the user edits it: any part may still be missing. */
export interface QueryLine {
  key: string;
  field?: string;
  rule?: SuperQueryRule;
  /** `in` takes several values; every other rule one */
  val?: string | number | (string | number)[] | null;
}

export type MatchType = 'and' | 'or';

/** What the builder emits: the complete conditions and how they combine (spec 000 §4). */
export interface SuperQuery {
  matchType: MatchType;
  conditions: SuperQueryCondition[];
}

/** Spec 000 §5's problems, as keys of the query catalogue. */
export type QueryProblem = 'emptyQuery' | 'emptySave' | 'emptySaveName';

function valueText(val: QueryLine['val']): string {
  if (val === undefined || val === null) return '';
  if (Array.isArray(val))
    return val
      .map((v) => String(v).trim())
      .filter((v) => v !== '')
      .join(',');
  // an optional trim first (spec 000 §5): spaces around a typed value are never meant
  return String(val).trim();
}

/** A line with a field, a rule and a non-empty value, as the server's condition; null while incomplete. */
export function toCondition(line: QueryLine): SuperQueryCondition | null {
  const val = valueText(line.val);
  if (!line.field || !line.rule || val === '') return null;
  return { field: line.field, rule: line.rule, val };
}

/**
 * The query of the builder's lines. As Jeecg's builder does, a single incomplete line is an empty
 * query (spec 000 §5: 'can't query empty condition'); among several lines the incomplete ones are
 * left out.
 */
export function buildQuery(lines: QueryLine[], matchType: MatchType): SuperQuery | null {
  const conditions = lines.map(toCondition).filter((c): c is SuperQueryCondition => c !== null);
  if (conditions.length === 0) return null;
  return { matchType, conditions };
}

let counter = 0;
/** A fresh line; keys only tell React which row is which. */
export function newLine(init: Omit<QueryLine, 'key'> = {}): QueryLine {
  counter += 1;
  return { key: `q${counter}`, ...init };
}

/** The lines of a saved or active query, to edit again. */
export function toLines(query: SuperQuery | undefined): QueryLine[] {
  if (!query || query.conditions.length === 0) return [newLine()];
  return query.conditions.map((c) => newLine({ field: c.field, rule: c.rule, val: c.rule === 'in' ? c.val.split(',') : c.val }));
}
