import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createPostgresTextSearch } from '../../server/db/dialects/postgres/textSearch.js';

// PostgreSQL's ILIKE lowers every value it tests, two to three times LIKE's cost on Chinese text; a
// pattern without cased characters matches the same rows under LIKE (tests/server/dialectAdapters.test.ts
// checks the rows on a real database). This checks which operator each pattern gets.
const db = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const { like, keywordCondition } = createPostgresTextSearch();
const operator = (pattern: string) => /\b(i?like)\b/.exec(sql`select 1 where ${like(sql.ref('label'), pattern)}`.compile(db).sql)![1];

describe('PostgreSQL keyword operator', () => {
  it('uses LIKE where no character of the pattern has case: Chinese, digits, punctuation, escaped wildcards', () => {
    for (const pattern of ['%检测%', '%测试验%', '%50\\%%', '%１２３_%', '%（岗位）%', '%ｶﾀｶﾅ%']) expect(operator(pattern), pattern).toBe('like');
  });

  it('keeps ILIKE where any character has case, in any script', () => {
    for (const pattern of ['%检测a%', '%P2%', '%σίγμα%', '%Ǆ%', '%ß%', '%Ａ%', '%ⓐ%', '%K%']) expect(operator(pattern), pattern).toBe('ilike');
  });

  it('the keyword condition gets the same choice, per keyword', () => {
    const target = { table: 'sys_position', columns: ['full_name', 'en_code'] };
    const text = (keyword: string) => sql`select 1 where ${keywordCondition(target, keyword, 'filter')}`.compile(db).sql;
    expect(text('检测')).not.toMatch(/\bilike\b/);
    expect(text('检测')).toMatch(/\blike\b/);
    expect(text('p2')).toMatch(/"full_name" ilike .* or "en_code" ilike /);
  });
});
