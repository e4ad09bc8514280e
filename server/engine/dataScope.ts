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
  /** the fields the user's roles hide or make read-only on this model (fieldAccess.ts); none when absent */
  fields?: FieldAccess;
  /**
   * On the recycle bin and the change log (historyScope.ts): per model whose entries the user may
   * reach, the fields their roles hide there, which the entries' snapshots and changes leave out.
   */
  history?: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * Which of a model's fields the user's roles hide or make read-only (model system.roleField; the rules
 * are in fieldAccess.ts). Here, with the scope it travels in, so this file imports nothing of the engine.
 */
export interface FieldAccess {
  hidden: ReadonlySet<string>;
  readOnly: ReadonlySet<string>;
}

export const UNRESTRICTED: DataScope = { condition: null, key: '' };

/** A scope that matches nothing (a rule that cannot be evaluated fails closed). */
export const NOTHING: DataScope = { condition: sql`1 = 0`, key: 'nothing' };
