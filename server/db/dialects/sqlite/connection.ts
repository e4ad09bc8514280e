import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

export interface SqliteHandle {
  dialect: SqliteDialect;
  raw: Database.Database;
  file: string;
}

/**
 * Kysely's SQLite driver prepares every statement anew; preparing costs more than running the
 * indexed look-ups of a typical request (about a tenth of a list request's CPU, measured with
 * npm run bench). The same SQL text recurs constantly (auth checks, list pages), so keep the
 * prepared statements, least recently used first out. Safe because Kysely's SQLite connection is
 * used by one query at a time (its driver holds a mutex).
 */
export function withStatementCache(raw: Database.Database, maxStatements = 500): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = raw.prepare(sql) as unknown as SqliteStatement;
        if (statements.size >= maxStatements) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      raw.close();
    },
  };
}

/**
 * The embedded default: one file under the data folder, WAL so readers never wait for the writer. Every
 * write goes through this one connection, and Kysely's driver holds its mutex from BEGIN to COMMIT: a
 * transaction that yields to the event loop (server/engine/breather.ts, a long import) lets other requests
 * run, but their statements on this connection wait for its commit, never run inside it.
 */
export function createSqliteDialect(dataDir: string, fileName = 'cloudlab.db'): SqliteHandle {
  // The database holds password hashes and sessions: only the server's user may read it. A folder we
  // create is 0700; the file is 0600 before SQLite opens it, and its -wal/-shm files take its mode.
  if (!fs.existsSync(dataDir)) fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, fileName);
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  fs.chmodSync(file, 0o600);
  const raw = new Database(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  return { dialect: new SqliteDialect({ database: withStatementCache(raw) }), raw, file };
}
