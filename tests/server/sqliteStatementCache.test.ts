import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '../../server/db/dialects/sqlite/connection.js';

describe('SQLite statement cache', () => {
  it('prepares each SQL text once and keeps at most the configured number', () => {
    const raw = new Database(':memory:');
    let prepared = 0;
    const counting = new Proxy(raw, {
      get(target, key) {
        if (key === 'prepare') return (sql: string) => (prepared++, target.prepare(sql));
        return Reflect.get(target, key);
      },
    });
    const db = withStatementCache(counting as Database.Database, 2);
    db.prepare('select 1').all([]);
    db.prepare('select 1').all([]);
    expect(prepared).toBe(1);
    db.prepare('select 2');
    db.prepare('select 3'); // evicts 'select 1', the least recently used
    db.prepare('select 1');
    expect(prepared).toBe(4);
    db.close();
  });

  it('still sees schema changes made after a statement was cached', () => {
    const db = withStatementCache(new Database(':memory:'));
    db.prepare('create table t (a integer)').run([]);
    db.prepare('insert into t (a) values (?)').run([1]);
    expect(db.prepare('select * from t').all([])).toEqual([{ a: 1 }]);
    db.prepare('alter table t add column b text').run([]);
    expect(db.prepare('select * from t').all([])).toEqual([{ a: 1, b: null }]);
    db.close();
  });
});
