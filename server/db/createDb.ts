import { CamelCasePlugin, Kysely, sql } from 'kysely';
import { createPostgresDialect } from './dialects/postgres.js';
import { createSqliteDialect } from './dialects/sqlite.js';
import type { Database } from './schema.js';

export type DbDialectName = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  dialect: DbDialectName;
  /** SQLite only: the better-sqlite3 connection, for the few places that need it (benchmarks, backups). */
  sqliteFile: string | null;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  dataDir: string;
  databaseUrl: string | null;
  onPoolError?: (error: Error) => void;
}

export function createDb(options: CreateDbOptions): DbHandle {
  const plugins = [new CamelCasePlugin()];
  if (options.databaseUrl) {
    const { dialect } = createPostgresDialect(options.databaseUrl, options.onPoolError ?? (() => {}));
    const db = new Kysely<Database>({ dialect, plugins });
    return {
      db,
      dialect: 'postgres',
      sqliteFile: null,
      ping: async () => void (await sql`select 1`.execute(db)),
      close: () => db.destroy(),
    };
  }
  const { dialect, file } = createSqliteDialect(options.dataDir);
  const db = new Kysely<Database>({ dialect, plugins });
  return {
    db,
    dialect: 'sqlite',
    sqliteFile: file,
    ping: async () => void (await sql`select 1`.execute(db)),
    close: () => db.destroy(),
  };
}
