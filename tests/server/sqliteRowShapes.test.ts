import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteQuickReads } from '../../server/db/dialects/sqlite/quickReads.js';
import type { QuickReads } from '../../server/db/slowReads.js';

// Quick reads name array rows with column names kept per statement (server/db/dialects/sqlite/rowShapes.ts):
// they must answer exactly what better-sqlite3's own row objects hold, also after the schema under a
// prepared statement changed on another connection (as a release or another process changes it).
describe('SQLite quick reads: rows named from kept column names', () => {
  let dir: string;
  let writer: Database.Database;
  let reads: QuickReads;
  const read = (text: string, parameters: unknown[] = []) => reads.all<Record<string, unknown>>({ sql: text, parameters });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-row-shapes-'));
    const file = path.join(dir, 'shapes.db');
    writer = new Database(file);
    writer.pragma('journal_mode = WAL');
    writer.exec(`create table shape_row (id text primary key, label text, amount integer, note text);
      insert into shape_row values ('a', 'first', 1, null), ('b', 'second', 2, 'x')`);
    reads = createSqliteQuickReads(file);
  });
  afterEach(async () => {
    await reads.close();
    writer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers what better-sqlite3 answers: values, nulls, key order, a repeated name', async () => {
    for (const text of [
      'select * from shape_row order by id',
      'select id, amount as "n", label as "n", note from shape_row order by id',
      'select amount as "2", id as "1", label from shape_row order by id',
    ]) {
      const expected = writer.prepare(text).all();
      for (let i = 0; i < 3; i++) {
        const rows = await read(text);
        expect(rows).toEqual(expected);
        expect(rows.map((r) => Object.keys(r))).toEqual(expected.map((r) => Object.keys(r as object)));
      }
    }
  });

  it('takes the new names after another connection renames or adds a column under a prepared statement', async () => {
    const text = 'select * from shape_row where id = ?';
    expect(await read(text, ['a'])).toEqual([{ id: 'a', label: 'first', amount: 1, note: null }]);
    expect(await read(text, ['a'])).toEqual([{ id: 'a', label: 'first', amount: 1, note: null }]);
    writer.exec('alter table shape_row rename column label to title');
    for (let i = 0; i < 3; i++) expect(await read(text, ['a'])).toEqual([{ id: 'a', title: 'first', amount: 1, note: null }]);
    writer.exec('alter table shape_row add column extra integer default 7');
    for (let i = 0; i < 3; i++) expect(await read(text, ['b'])).toEqual([{ id: 'b', title: 'second', amount: 2, note: 'x', extra: 7 }]);
  });

  it('still refuses a statement that returns no data', async () => {
    await expect(read(`select 1; `)).resolves.toEqual([{ 1: 1 }]);
    await expect(read(`create table other (a)`)).rejects.toThrow();
  });
});
