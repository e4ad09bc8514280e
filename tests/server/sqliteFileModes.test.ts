import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteDialect } from '../../server/db/dialects/sqlite/connection.js';

describe('SQLite data folder and files', () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-sqlite-modes-'));
  afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

  it('are readable by the server user only (0700 folder, 0600 files)', () => {
    const previous = process.umask(0o022);
    try {
      const dataDir = path.join(parent, 'data', 'nested');
      const { raw, file } = createSqliteDialect(dataDir);
      raw.exec('create table t (a integer); insert into t values (1)');
      const mode = (p: string) => (fs.statSync(p).mode & 0o777).toString(8);
      expect(mode(dataDir)).toBe('700');
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(mode(f), path.basename(f)).toBe('600');
      raw.close();
    } finally {
      process.umask(previous);
    }
  });
});
