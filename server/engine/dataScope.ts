import { sql, type RawBuilder } from 'kysely';

/**
 * The rows of one model a user may reach, worked out from the data rules their roles grant
 * (dataScopeRules.ts) and compiled against the model's declared columns with the user's values bound.
 * Reads AND it into their WHERE; writes require the row to match it.
 */
export interface DataScope {
  /** a bound SQL condition over declared columns; null: every row (no rule restricts this user) */
  condition: RawBuilder<unknown> | null;
  /** stable text of the condition and its values: what cached totals and anchors are keyed by */
  key: string;
}

export const UNRESTRICTED: DataScope = { condition: null, key: '' };

/** A scope that matches nothing (a rule that cannot be evaluated fails closed). */
export const NOTHING: DataScope = { condition: sql`1 = 0`, key: 'nothing' };
