import { sql, type Kysely, type RawBuilder } from 'kysely';
import { shortIdentifier } from '../../identifiers.js';
import { escapeLike } from '../escapeLike.js';
import type { TextSearchRole, Warn } from '../DbAdapter.js';

/**
 * Keyword search on PostgreSQL: ILIKE (LIKE for a keyword without cased letters) over the keyword columns, served by a pg_trgm GIN index on each
 * (the planner combines them with a bitmap OR). pg_trgm indexes substrings of three or more
 * characters in any script; for shorter patterns the planner falls back to the sort index or a scan
 * by itself. Without the extension (not installed, or no right to create it) the search still works,
 * unindexed, after a warning.
 */
// ILIKE lowers every value it tests (on a multi-byte database, a conversion to wide characters and
// back per value): two to three times LIKE's cost on Chinese text (pgbench, prepared, on the 100k bench
// positions: page 1 of a three-character keyword, walking 1,400 rows, 1.82 against 0.62 ms; of a
// two-character one 0.10 against 0.05 ms). A pattern with no cased character (Chinese, digits,
// punctuation, the wildcards) matches the same rows under LIKE: a character that lowers to another
// lowers to a cased one, so no value can lower onto such a pattern.
const CASED = /[\p{Cased}\p{Changes_When_Casemapped}]/u;

/** how much of a stored name fileCondition looks up (see there) */
const FILE_NAME_PREFIX = 12;

function like(term: RawBuilder<unknown>, pattern: string): RawBuilder<unknown> {
  return CASED.test(pattern) ? sql`${term} ilike ${pattern} escape '\\'` : sql`${term} like ${pattern} escape '\\'`;
}

async function trigramsExist(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(db);
  return rows.length > 0;
}

async function createTrigramExtension(db: Kysely<unknown>, warn: Warn): Promise<boolean> {
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    return true;
  } catch (error) {
    // two servers creating it at once: one of them wins, which is all we need
    if (await trigramsExist(db)) return true;
    warn(`[keyword search] the pg_trgm extension could not be created (${(error as Error).message}); keyword searches run without a text index`);
    return false;
  }
}

/** One adapter per database handle, so whether the extension exists is asked once per server. */
export function createPostgresTextSearch(): TextSearchRole {
  let trigrams: Promise<boolean> | null = null;
  // inside a release's transaction a failed CREATE EXTENSION would abort it, and a rollback would
  // undo it: there, only ask whether the extension exists (the start-up sync has created it)
  const trigramsReady = (db: Kysely<unknown>, warn: Warn): Promise<boolean> => {
    if (db.isTransaction && trigrams === null) return trigramsExist(db);
    trigrams ??= createTrigramExtension(db, warn);
    return trigrams;
  };
  return {
    like,

    async syncIndex(db, { table, columns }, warn) {
      if (columns.length === 0 || !(await trigramsReady(db, warn))) return;
      for (const column of columns) {
        const name = shortIdentifier(`tx_${table}_${column}`);
        await sql`create index if not exists ${sql.id(name)} on ${sql.table(table)} using gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
      }
    },

    async syncFileIndex(db, { table, columns }, warn) {
      if (columns.length === 0 || !(await trigramsReady(db, warn))) return;
      // on the column's text: a jsonb column's too (fileCondition tests the same expression)
      for (const column of columns) {
        const name = shortIdentifier(`tf_${table}_${column}`);
        await sql`create index if not exists ${sql.id(name)} on ${sql.table(table)} using gin ((cast(${sql.ref(column)} as text)) gin_trgm_ops)`.execute(db);
      }
    },

    // A stored name is lower case: LIKE. The planner prices a trigram lookup by its trigrams: for the whole
    // name (some 40) it scans a 10k-row table instead (1.3-4.4 ms); for its first 12 characters (44 random bits
    // of a uuid v4) it reads the index (0.1-0.2 ms). The rows found are checked for the whole name by the caller.
    fileCondition({ columns }, name) {
      const pattern = `%${escapeLike(name.slice(0, FILE_NAME_PREFIX))}%`;
      return sql`(${sql.join(
        columns.map((c) => sql`cast(${sql.ref(c)} as text) like ${pattern} escape '\\'`),
        sql` or `,
      )})`;
    },

    // one condition for every use: PostgreSQL's planner picks the trigram index or the sort index itself
    keywordCondition({ columns }, keyword) {
      const pattern = `%${escapeLike(keyword)}%`;
      return sql`(${sql.join(
        columns.map((c) => like(sql.ref(c), pattern)),
        sql` or `,
      )})`;
    },

    // the list plans no scans here (paging.scanPlans): nothing to estimate
    indexedMatches: () => null,
  };
}
