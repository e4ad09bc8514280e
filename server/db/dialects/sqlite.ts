import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SqliteDialect } from 'kysely';

export interface SqliteHandle {
  dialect: SqliteDialect;
  raw: Database.Database;
  file: string;
}

/** The embedded default: one file under the data folder, WAL so readers never wait for the writer. */
export function createSqliteDialect(dataDir: string, fileName = 'cloudlab.db'): SqliteHandle {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, fileName);
  const raw = new Database(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  return { dialect: new SqliteDialect({ database: raw }), raw, file };
}
