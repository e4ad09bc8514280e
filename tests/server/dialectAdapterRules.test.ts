import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The engine asks server/db/dialects/<name>/ (through DbAdapter) and never tests which database it
// runs on: a dialect's name, operator or error code in server/engine is a branch waiting to happen.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIALECT_WORDS = /sqlite|postgres|\bpg_|\bpg\b|\bilike\b|\bfts5\b|SQLITE_CONSTRAINT|\b23505\b|\b23503\b/i;
const ROLE_FILES = ['connection.ts', 'ddl.ts', 'paging.ts', 'upsert.ts', 'json.ts', 'textSearch.ts', 'errors.ts'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(ts|js)$/.test(entry.name) ? [relative] : [];
  });
}

describe('dialect adapters', () => {
  it('server/engine never names a database, its operators or its error codes', () => {
    const mentions = sourceFiles('server/engine').flatMap((file) =>
      fs
        .readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .map((line, i) => (DIALECT_WORDS.test(line) ? `${file}:${i + 1}: ${line.trim()}` : null))
        .filter((hit): hit is string => hit !== null),
    );
    expect(mentions).toEqual([]);
  });

  it('the rule would catch a dialect test', () => {
    expect(DIALECT_WORDS.test(`if (db.dialect === 'postgres')`)).toBe(true);
    expect(DIALECT_WORDS.test(`sql.raw('ilike')`)).toBe(true);
    expect(DIALECT_WORDS.test(`import { x } from '../db/dialects/sqlite/paging.js'`)).toBe(true);
    expect(DIALECT_WORDS.test(`e.code === '23505'`)).toBe(true);
    expect(DIALECT_WORDS.test(`model.adapter.paging.unindexed(ref)`)).toBe(false);
  });

  it('every dialect folder holds the same role files', () => {
    for (const dialect of ['sqlite', 'postgres']) {
      const files = fs.readdirSync(path.join(ROOT, 'server/db/dialects', dialect));
      expect(files, dialect).toEqual(expect.arrayContaining([...ROLE_FILES, `${dialect}Adapter.ts`]));
    }
  });
});
