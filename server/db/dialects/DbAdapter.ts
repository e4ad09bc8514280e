import type { Kysely, RawBuilder } from 'kysely';

/** The databases Cloudlab runs on. Outside server/db only logs and tests may look at it. */
export type DbDialectName = 'sqlite' | 'postgres';

export type Warn = (message: string) => void;

/** The keyword-searchable columns of one table (snake_case names, only ever taken from a model). */
export interface KeywordColumns {
  table: string;
  columns: string[];
}

/** Table and column definitions. Tables are described with portable types (tableSpec.ts). */
export interface DdlRole {
  /** this database's type for a portable column type ('json' is jsonb on PostgreSQL) */
  columnType(portable: string): string;
  /** how an existing column's introspected type falls short of the wanted type, or null when it serves */
  typeMismatch(wanted: string, actual: string): string | null;
  /**
   * Makes every write to `table` (insert, update, delete) increment the `generation` column of row 1
   * of `counter` within the writing transaction: a database trigger, so writes from any connection
   * count. Where writers run concurrently, the counter is locked only as the transaction commits, so
   * it never takes part in a deadlock. Idempotent; both names come from code.
   */
  bumpOnWrite(db: Kysely<unknown>, table: string, counter: string): Promise<void>;
}

/** What list paging needs to know about the planner and the sort order. */
export interface PagingRole {
  /** NULL sort values come first in ascending order (and last in descending order) */
  nullsFirstAscending: boolean;
  /** the planner can be steered off the sort index to scan and sort (ReadPlan 'scan' in whereSql.ts) */
  scanPlans: boolean;
  /** the term as the planner cannot match it to an index (for ReadPlan 'scan'); unchanged where scanPlans is false */
  unindexed(term: RawBuilder<unknown>): RawBuilder<unknown>;
  /**
   * A seek past a page anchor ((sort, id) > (value, id)) also states the plain bound sort >= value:
   * where the planner uses a row-value comparison only as a filter over every earlier row unless a
   * plain bound lets it seek, and a planner that reads the bound's value into its choice of plan is
   * better off without it.
   */
  seekColumnBound: boolean;
}

/** Inserts that meet an existing row. Identifiers must come from code or a checked model. */
export interface UpsertRole {
  /** inserts the rows; a row whose `conflict` columns match an existing row is skipped */
  insertIgnoring(table: string, rows: Record<string, unknown>[], conflict: string[]): RawBuilder<unknown>;
  /** inserts the row, or updates the `update` columns of the row its `conflict` columns match */
  upsert(table: string, row: Record<string, unknown>, conflict: string[], update: string[]): RawBuilder<unknown>;
}

/** JSON values in columns: text on SQLite, jsonb on PostgreSQL. */
export interface JsonRole {
  /** a JSON value as a parameter the json column accepts */
  toDb(value: unknown): unknown;
  /** a json column's value as read back, parsed */
  fromDb(value: unknown): unknown;
  /**
   * The member `key` of the JSON object held by `column` (a json column), as a value of the portable
   * type (tableSpec.ts: varchar(n), text, integer, bigint, double precision or json); null where the
   * object has no such member. `key` is bound, never spliced into the text.
   */
  member(column: RawBuilder<unknown>, key: string, portable: string): RawBuilder<unknown>;
}

/** How a keyword condition is used by the read that holds it (TextSearchRole.keywordCondition). */
export type KeywordUse = 'lookup' | 'filter' | 'probe';

/** Case-insensitive substring search, served by a text index where the database has one. */
export interface TextSearchRole {
  /** `term` matches a LIKE pattern (escaped with \), case-insensitively */
  like(term: RawBuilder<unknown>, pattern: string): RawBuilder<unknown>;
  /** creates or refreshes the keyword index of one table; derived data only, so refreshing may rebuild it */
  syncIndex(db: Kysely<unknown>, target: KeywordColumns, warn: Warn): Promise<void>;
  /**
   * Some keyword column contains `keyword` (non-empty), case-insensitively: the list's keyword search.
   * 'lookup' finds the matches in the text index (counts, sparse pages); 'filter' tests each row a
   * read visits anyway (a page read by walking the sort index, which stops after a page of matches);
   * 'probe' also serves a walk of the sort index, but tests each index entry it visits against the
   * text index's matches, listed once per read, so a row that does not match is never read from the
   * table: cheaper than 'filter' where the walk visits many rows per match (a sparse keyword). A
   * keyword the index cannot serve is tested as by 'filter'; where the planner chooses by itself
   * (indexedMatches null) one condition may serve every use.
   */
  keywordCondition(target: KeywordColumns, keyword: string, use: KeywordUse): RawBuilder<unknown>;
  /**
   * Creates or refreshes the index of the columns that may name stored files (a model's file, image,
   * rich-text, JSON and list fields): a download's check looks a file's name up there instead of reading
   * every row (engine/fileReferences.ts). Kept in step with every write, whoever writes; derived data only.
   */
  syncFileIndex(db: Kysely<unknown>, target: KeywordColumns, warn: Warn): Promise<void>;
  /**
   * The rows where some of the target's file columns contains `name` (a generated stored name, lower case),
   * found through that index where there is one; it may also list rows holding only part of the name, so the
   * caller checks the values it reads.
   */
  fileCondition(target: KeywordColumns, name: string): RawBuilder<unknown>;
  /**
   * A statement answering `total`: how many rows of the whole table (every tenant's) the text index
   * lists for `keyword`, i.e. how many rows a 'lookup' of it visits. Null where a lookup of this
   * keyword visits every row instead (no index serves it), or where the planner chooses by itself.
   */
  indexedMatches(target: KeywordColumns, keyword: string): RawBuilder<{ total: number | string }> | null;
}

/** Constraint violations as the drivers report them. */
export interface ErrorsRole {
  /** a unique-index violation: the index name where the database names it, else the indexed columns */
  uniqueViolation(error: unknown): { index: string | null; columns: string[] } | null;
  /** a foreign-key violation */
  foreignKeyViolation(error: unknown): boolean;
}

/**
 * Everything the server engine needs to know about the SQL dialect it runs on, one implementation
 * per database under server/db/dialects/<name>/ with the same role files. The engine asks the
 * adapter and never tests which database it is on (tests/server/dialectAdapters.test.ts).
 */
export interface DbAdapter {
  /** for logs and messages only */
  readonly name: DbDialectName;
  readonly ddl: DdlRole;
  readonly paging: PagingRole;
  readonly upsert: UpsertRole;
  readonly json: JsonRole;
  readonly textSearch: TextSearchRole;
  readonly errors: ErrorsRole;
}
