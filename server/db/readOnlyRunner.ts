import type { CompiledRead } from './slowReads.js';

export interface ReadOnlyLimits {
  /** the statement is cancelled after this long */
  timeoutMs: number;
  /** at most this many rows are read; one more tells the caller the answer was cut */
  maxRows: number;
}

export interface ReadOnlyResult {
  rows: Record<string, unknown>[];
  /** the statement had more rows than maxRows */
  truncated: boolean;
}

/**
 * Runs configured SQL (data interfaces, SQL reports) on a connection that cannot write, under a
 * statement timeout and a row cap, one implementation per database (server/db/dialects/<name>/readOnly.ts).
 * The statement reaches it already checked and wrapped by server/safeSql; this is the second wall.
 */
export interface ReadOnlyRunner {
  /**
   * How the wrapper writes each shadowing WITH query: `as` (with any materialisation hint) and, where the
   * database has no statement timeout of its own, a function the wrapper calls with each row's id so the
   * statement stops at its deadline even inside a join that yields no row.
   */
  shadow: { as: string; rowCheck: string | null };
  /** the schema the app's tables live in (a wrapped statement names them past its own WITH queries) */
  schema(): Promise<string>;
  /** the names (lower case) of every table and view the database holds, catalogues included where they are listed */
  tableNames(): Promise<Set<string>>;
  run(query: CompiledRead, limits: ReadOnlyLimits): Promise<ReadOnlyResult>;
  close(): Promise<void>;
}

/** Why a read-only run failed, as the caller answers it (the driver's text never leaves the server). */
export class ReadOnlyRunError extends Error {
  constructor(
    readonly reason: 'timeout' | 'write' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'ReadOnlyRunError';
  }
}
