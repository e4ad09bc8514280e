import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteReadPool } from '../../server/db/dialects/sqlite/readPool.js';

// The slow reads of SQLite run on worker threads: a long read (an export's batch, a count over a big
// table) must not hold up a short one that arrives after it.
const LONG = { sql: 'with recursive n(i) as (select 1 union all select i + 1 from n where i < ?) select count(*) as c from n', parameters: [3_000_000] };
const SHORT = { sql: 'select count(*) as c from sample', parameters: [] };

describe('SQLite slow reads', () => {
  let dir: string;
  let file: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-readpool-'));
    file = path.join(dir, 'reads.db');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec('create table sample (id integer primary key); insert into sample (id) values (1), (2), (3)');
    db.close();
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** which of a long read and a short one sent right after it finishes first */
  async function finishOrder(size: number): Promise<string[]> {
    const pool = createSqliteReadPool(file, size);
    try {
      // both workers started and warm, so the order below is the reads' own
      await Promise.all([pool.all(SHORT), pool.all(SHORT)]);
      const order: string[] = [];
      const long = pool.all<{ c: number }>(LONG).then((rows) => order.push(`long ${rows[0]!.c}`));
      const short = pool.all<{ c: number }>(SHORT).then((rows) => order.push(`short ${rows[0]!.c}`));
      await Promise.all([long, short]);
      return order;
    } finally {
      await pool.close();
    }
  }

  it('answers a short read while a long one runs on the other worker', async () => {
    expect(await finishOrder(2)).toEqual(['short 3', 'long 3000000']);
  });

  it('queues reads behind each other with one worker (what two workers avoid)', async () => {
    expect(await finishOrder(1)).toEqual(['long 3000000', 'short 3']);
  });

  it('fails the reads of a bad statement and goes on serving', async () => {
    const pool = createSqliteReadPool(file, 2);
    try {
      await expect(pool.all({ sql: 'select * from missing_table', parameters: [] })).rejects.toThrow(/no such table/);
      expect(await pool.all(SHORT)).toEqual([{ c: 3 }]);
    } finally {
      await pool.close();
    }
  });
});
