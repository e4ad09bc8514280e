import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { EngineContext } from './EngineContext.js';

/**
 * One write's transaction, its context, and the other tables its hooks declared they wrote.
 * (Its own file: the parts a write runs — computed defaults, bill numbers, hooks — need the type,
 * and writeRecord.ts imports them.)
 */
export interface WriteScope {
  trx: Transaction<Database>;
  context: EngineContext;
  /** a hook wrote this table too: its totals and anchors are dropped with the model's own */
  touch(table: string): void;
}
