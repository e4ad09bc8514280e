export interface CompiledRead {
  sql: string;
  parameters: readonly unknown[];
}

/** Runs reads that may scan a large table somewhere they cannot block the event loop. */
export interface SlowReads {
  all<Row>(query: CompiledRead): Promise<Row[]>;
  close(): Promise<void>;
}
