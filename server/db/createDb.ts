import { CamelCasePlugin, CompiledQuery, Kysely, sql, type LogConfig } from 'kysely';
import type { DbAdapter, DbDialectName } from './dialects/DbAdapter.js';
import { createPostgresDialect } from './dialects/postgres/connection.js';
import { createPostgresAdapter } from './dialects/postgres/postgresAdapter.js';
import { createPostgresReadOnlyRunner } from './dialects/postgres/readOnly.js';
import { createSqliteDialect } from './dialects/sqlite/connection.js';
import { createSqliteAdapter } from './dialects/sqlite/sqliteAdapter.js';
import { createSqliteReadPool } from './dialects/sqlite/readPool.js';
import { createSqliteReadOnlyRunner } from './dialects/sqlite/readOnly.js';
import type { ReadOnlyRunner } from './readOnlyRunner.js';
import type { Database } from './schema.js';
import { createPostgresQuickReads } from './dialects/postgres/quickReads.js';
import { createSqliteQuickReads } from './dialects/sqlite/quickReads.js';
import type { QuickReads, SlowReads } from './slowReads.js';

export type { DbDialectName } from './dialects/DbAdapter.js';

export interface DbHandle {
  db: Kysely<Database>;
  /** for logs and tests; code that needs to know the dialect asks the adapter */
  dialect: DbDialectName;
  /** everything dialect-specific the engine needs (dialects/DbAdapter.ts) */
  adapter: DbAdapter;
  /** SQLite only: the database file. */
  sqliteFile: string | null;
  /**
   * Where reads that may scan a large table run: on SQLite a worker thread with its own read-only
   * connection (a scan on the main connection would block the event loop); on PostgreSQL the pool
   * (queries are asynchronous there already).
   */
  slowReads: SlowReads;
  /** short indexed reads of committed data, prepared once (slowReads.ts QuickReads) */
  quickReads: QuickReads;
  /** where configured SQL runs (server/safeSql): a connection or transaction that cannot write, with a timeout and a row cap */
  readOnly: ReadOnlyRunner;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  dataDir: string;
  databaseUrl: string | null;
  onPoolError?: (error: Error) => void;
  /** every statement run through Kysely, with its duration (slow-query log, tests); never its values */
  onQuery?: (sql: string, durationMs: number) => void;
}

function queryLog(onQuery: CreateDbOptions['onQuery']): LogConfig | undefined {
  if (!onQuery) return undefined;
  return (event) => {
    if (event.level === 'query') onQuery(event.query.sql, event.queryDurationMillis);
  };
}

export function createDb(options: CreateDbOptions): DbHandle {
  const plugins = [new CamelCasePlugin()];
  const log = queryLog(options.onQuery);
  if (options.databaseUrl) {
    const { dialect, pool } = createPostgresDialect(options.databaseUrl, options.onPoolError ?? (() => {}));
    const db = new Kysely<Database>({ dialect, plugins, ...(log ? { log } : {}) });
    const raw = db.withoutPlugins();
    return {
      db,
      dialect: 'postgres',
      adapter: createPostgresAdapter(),
      sqliteFile: null,
      slowReads: {
        all: async <Row>(query: { sql: string; parameters: readonly unknown[] }) =>
          (await raw.executeQuery<Row>(CompiledQuery.raw(query.sql, [...query.parameters]))).rows,
        close: async () => {},
      },
      quickReads: createPostgresQuickReads(pool, options.onQuery),
      readOnly: createPostgresReadOnlyRunner(raw as unknown as Kysely<unknown>),
      ping: async () => void (await sql`select 1`.execute(db)),
      close: () => db.destroy(),
    };
  }
  const { dialect, file } = createSqliteDialect(options.dataDir);
  const db = new Kysely<Database>({ dialect, plugins, ...(log ? { log } : {}) });
  const slowReads = createSqliteReadPool(file);
  const quickReads = createSqliteQuickReads(file, options.onQuery);
  const readOnly = createSqliteReadOnlyRunner(file);
  return {
    db,
    dialect: 'sqlite',
    adapter: createSqliteAdapter(),
    sqliteFile: file,
    slowReads,
    quickReads,
    readOnly,
    ping: async () => void (await sql`select 1`.execute(db)),
    close: async () => {
      await readOnly.close();
      await slowReads.close();
      await quickReads.close();
      await db.destroy();
    },
  };
}
