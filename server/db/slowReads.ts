export interface CompiledRead {
  sql: string;
  parameters: readonly unknown[];
}

/** Runs reads that may scan a large table somewhere they cannot block the event loop. */
export interface SlowReads {
  all<Row>(query: CompiledRead): Promise<Row[]>;
  close(): Promise<void>;
}

/**
 * Runs short reads (a handful of rows by an index) the cheapest way the database allows: prepared
 * once, outside any transaction, seeing only committed data. Never for reads that must see the
 * caller's own uncommitted writes.
 */
export type QuickReads = SlowReads;
