import pg from 'pg';
import { PostgresDialect, type PostgresPool } from 'kysely';

export interface PostgresHandle {
  dialect: PostgresDialect;
  pool: pg.Pool;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

// bigint and numeric arrive as strings by default; our bigints are epoch milliseconds and counts,
// well inside Number's exact range, so parse them here rather than at every call site.
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

/** Marks an error as "the database could not be reached": the error plugin answers 503 for it. */
export function markUnavailable(error: unknown): unknown {
  if (error && typeof error === 'object') Object.assign(error, { databaseUnavailable: true });
  return error;
}

export function createPostgresDialect(connectionString: string, onPoolError: (error: Error) => void): PostgresHandle {
  const pool = new pg.Pool({
    connectionString,
    max: Number(process.env.CLOUDLAB_PG_POOL_SIZE ?? 10),
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 30_000,
    types,
  });
  // An idle client losing its connection (server restart) emits here; without a listener the
  // process would crash. The next query gets a fresh connection.
  pool.on('error', onPoolError);
  // Whatever stops us from getting a connection (server down, restarting, refusing connections)
  // is an outage, not a bug: tag it so requests answer 503 and the process keeps running.
  const guarded: PostgresPool = {
    connect: () => pool.connect().catch((error: unknown) => Promise.reject(markUnavailable(error))),
    end: () => pool.end(),
  };
  return { dialect: new PostgresDialect({ pool: guarded }), pool };
}
