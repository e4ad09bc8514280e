import { describe, expect, it } from 'vitest';
import curve from '../../schemas/labCalibration/models/curve.model.json' with { type: 'json' };
import position from '../../schemas/system/models/position.model.json' with { type: 'json' };
import type { ModelFile } from '../../runtime/model/types.js';
import { checkModel } from '../../server/engine/checkModel.js';
import { columnOf, survivesColumnRoundTrip } from '../../server/engine/columnNames.js';
import { compileModel } from '../../server/engine/compileModel.js';
import { parseFieldFilter } from '../../server/engine/conditions.js';
import { createHookRegistry } from '../../server/engine/hookRegistry.js';
import { postgresDdl } from '../../server/db/dialects/postgres/ddl.js';
import { createSqliteAdapter } from '../../server/db/dialects/sqlite/sqliteAdapter.js';
import { sqliteDdl } from '../../server/db/dialects/sqlite/ddl.js';
import { buildTableSpec, indexName } from '../../server/engine/tableSpec.js';
import { createTableCache, createTableGenerations } from '../../server/engine/tableCache.js';
import { createPageStatements } from '../../server/engine/pageStatements.js';
import { anchorFor, anchorsOf, anchorTierFor, strideFor, tiersServing } from '../../server/engine/pageAnchors.js';
import type { DataScope } from '../../server/engine/dataScope.js';
import { checkField } from '../../server/engine/validateRecord.js';
import { escapeLike } from '../../server/db/dialects/escapeLike.js';

const model = compileModel(position as ModelFile, createSqliteAdapter(), createHookRegistry());
const ctx = { lang: 'zh-CN' as const, translate: (zh: string) => zh };

describe('engine building blocks (no database)', () => {
  it('names columns exactly like the CamelCasePlugin and rejects names that would not come back', () => {
    expect(columnOf('enabledMark')).toBe('enabled_mark');
    expect(columnOf('field2Name')).toBe('field2_name');
    expect(survivesColumnRoundTrip('idcardExpirationDate')).toBe(true);
    expect(survivesColumnRoundTrip('sampleNO')).toBe(false);
    const bad = structuredClone(position) as ModelFile;
    bad.entity.fields.sampleNO = { type: 'string', label: 'x', maxLength: 5 };
    expect(
      checkModel(bad, 'f')
        .map((p) => p.message)
        .join(),
    ).toMatch(/sampleNO.*snake_case/);
  });

  it('refuses a report search field that a parameter already pins (the page would ask for it twice)', () => {
    expect(checkModel(curve as ModelFile, 'f')).toEqual([]);
    const twice = structuredClone(curve) as ModelFile;
    twice.list!.search = [{ field: 'deviceName', mode: 'eq' }, ...twice.list!.search!];
    expect(checkModel(twice, 'f')).toEqual([
      expect.objectContaining({ path: '/list/search/0', message: expect.stringContaining('"deviceName" is already asked for by the parameter "device"') }),
    ]);
  });

  it('derives deterministic index names of at most 63 characters', () => {
    expect(indexName('ux', 'sys_position', ['tenant_id', 'en_code'])).toBe('ux_sys_position_tenant_id_en_code');
    const long = indexName('ix', 'a_rather_long_table_name_for_samples', ['tenant_id', 'received_date', 'category', 'id']);
    expect(long.length).toBe(63);
    expect(long).toBe(indexName('ix', 'a_rather_long_table_name_for_samples', ['tenant_id', 'received_date', 'category', 'id']));
    expect(long).not.toBe(indexName('ix', 'a_rather_long_table_name_for_samples', ['tenant_id', 'received_date', 'category2', 'id']));
    const spec = buildTableSpec(position as ModelFile);
    expect(spec.indexes.map((i) => i.name)).toEqual([
      'ix_sys_position_tenant_id_create_time_id',
      'ix_sys_position_tenant_id_sort_code_id',
      'ix_sys_position_tenant_id_organize_id_sort_code_id',
      'ux_sys_position_tenant_id_en_code',
    ]);
    expect(spec.columns.find((c) => c.name === 'full_name')).toEqual({ name: 'full_name', type: 'varchar(50)' });
  });

  it('recognises column type mismatches as each database introspects them', () => {
    // PostgreSQL reports its internal names, without a varchar's length
    expect(postgresDdl.typeMismatch('varchar(50)', 'varchar')).toBeNull();
    expect(postgresDdl.typeMismatch('integer', 'int4')).toBeNull();
    expect(postgresDdl.typeMismatch('double precision', 'float8')).toBeNull();
    expect(postgresDdl.typeMismatch('json', 'jsonb')).toBeNull();
    expect(postgresDdl.typeMismatch('varchar(10)', 'int4')).toMatch(/int4/);
    // SQLite gives back the declared type as written
    expect(sqliteDdl.typeMismatch('varchar(50)', 'varchar(50)')).toBeNull();
    expect(sqliteDdl.typeMismatch('json', 'text')).toBeNull();
    expect(sqliteDdl.typeMismatch('varchar(100)', 'varchar(50)')).toMatch(/varchar\(100\)/);
    expect(sqliteDdl.typeMismatch('varchar(10)', 'integer')).toMatch(/integer/);
  });

  it('maps the Jeecg value conventions onto rules', () => {
    const name = model.fields.get('fullName')!;
    const sort = model.fields.get('sortCode')!;
    const rule = (field: typeof name, text: string) => {
      const c = parseFieldFilter(field, text);
      return c && [c.rule, c.value];
    };
    expect(rule(name, '*a*')).toEqual(['like', 'a']);
    expect(rule(name, 'a*')).toEqual(['right_like', 'a']);
    expect(rule(name, '*a')).toEqual(['left_like', 'a']);
    expect(rule(name, '!a')).toEqual(['ne', 'a']);
    expect(rule(sort, '>= 3')).toEqual(['ge', 3]);
    expect(rule(sort, '<=3')).toEqual(['le', 3]);
    expect(rule(sort, '>3')).toEqual(['gt', 3]);
    expect(rule(sort, '<3')).toEqual(['lt', 3]);
    expect(rule(sort, '1, 2,,3')).toEqual(['in', [1, 2, 3]]);
    expect(rule(name, 'a')).toEqual(['eq', 'a']);
    for (const empty of ['', '  ', '*', '**', '!', '>=']) expect(parseFieldFilter(name, empty), empty).toBeNull();
    expect(() => parseFieldFilter(sort, '>x')).toThrow();
    expect(escapeLike('50%_a\\')).toBe('50\\%\\_a\\\\');
  });

  it('selects the required message by how a field is filled in', () => {
    const message = (name: string, raw: unknown) => {
      const r = checkField(model.fields.get(name)!, raw, ctx);
      return 'message' in r ? r.message : r.value;
    };
    expect(message('fullName', '')).toBe('请输入岗位名称');
    const picked = compileModel(
      {
        ...(position as ModelFile),
        entity: { ...position.entity, fields: { ...position.entity.fields, day: { type: 'date', label: '日期', required: true } } },
      } as ModelFile,
      createSqliteAdapter(),
      createHookRegistry(),
    );
    expect(checkField(picked.fields.get('day')!, null, ctx)).toEqual({ message: '请选择日期' });
    expect(message('description', '')).toBe('');
    expect(message('sortCode', '')).toBeNull();
    expect(message('sortCode', 1.5)).toBe('排序必须是整数');
    expect(message('sortCode', 1000000)).toBe('排序不能大于999999');
  });

  it('derives anchors in tiers that double, the last one covering the whole set', () => {
    // 250,000 matches in pages of 20 (stride 140): page 200 (reach 4,000) needs the first tier only
    expect(anchorTierFor(140, 4_000, 250_000)).toEqual({ tier: 0, rows: 8_960 });
    expect(anchorTierFor(140, 8_961, 250_000)).toEqual({ tier: 1, rows: 17_920 });
    expect(anchorTierFor(140, 250_000, 250_000)).toEqual({ tier: 5, rows: null });
    // a set the first tier covers is derived whole
    expect(anchorTierFor(20, 100, 1_000)).toEqual({ tier: 0, rows: null });
    // the last page may reach past the total
    expect(anchorTierFor(140, 250_010, 250_000)).toEqual({ tier: 5, rows: null });
    expect(tiersServing(140, 4_000, 250_000)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(tiersServing(140, 200_000, 250_000)).toEqual([5]);
  });

  it('places page anchors on page boundaries, every few pages for a set of more than 2,000 pages', () => {
    // 1,560 matches (a 1-in-64 keyword at 100k rows) in pages of 20: an anchor at the end of every page
    expect(strideFor(1_560, 20)).toBe(20);
    expect(strideFor(40_000, 20)).toBe(20);
    expect(strideFor(40_001, 20)).toBe(40);
    expect(strideFor(1_000_000, 20)).toBe(500);
    expect(strideFor(6_000, 1)).toBe(3);
    const anchors = {
      stride: 20,
      rows: Array.from({ length: 78 }, (_, j) => ({ sortValue: j, id: `r${(j + 1) * 20 - 1}` })),
      first: { sortValue: 0, id: 'r0' },
      leadingRangeRows: null,
    };
    // page 50 starts right after the row ending page 49
    expect(anchorFor(anchors, 980)).toEqual({ anchor: { sortValue: 48, id: 'r979' }, skip: 0 });
    expect(anchorFor(anchors, 0)).toBeNull();
    expect(anchorFor(anchors, 20)).toEqual({ anchor: { sortValue: 0, id: 'r19' }, skip: 0 });
    // a stride of two pages: every other page skips one page past its anchor
    expect(anchorFor({ ...anchors, stride: 40 }, 60)).toEqual({ anchor: anchors.rows[0], skip: 20 });
  });

  it('sorts the rows read for anchors into anchors and the set’s first row', () => {
    // PostgreSQL answers row_number() as a bigint: a string
    const read = [1, 20, 40].map((position) => ({ sortValue: position, id: `r${position}`, position: String(position) }));
    expect(anchorsOf(read, 20)).toEqual({
      stride: 20,
      leadingRangeRows: null,
      first: { sortValue: 1, id: 'r1' },
      rows: [read[1], read[2]].map((r) => ({ sortValue: r!.sortValue, id: r!.id })),
    });
    // a stride of 1: the first row is an anchor too
    const every = [1, 2].map((position) => ({ sortValue: null, id: `r${position}`, position }));
    expect(anchorsOf(every, 1)).toEqual({
      stride: 1,
      leadingRangeRows: null,
      first: { sortValue: null, id: 'r1' },
      rows: [
        { sortValue: null, id: 'r1' },
        { sortValue: null, id: 'r2' },
      ],
    });
    expect(anchorsOf([], 20)).toEqual({ stride: 20, first: null, rows: [], leadingRangeRows: null });
  });

  describe('table cache (totals, anchors)', () => {
    it('shares one count between concurrent callers and caches it', async () => {
      const cache = createTableCache<number>({ generations: createTableGenerations() });
      let counted = 0;
      const count = async () => {
        counted++;
        await new Promise((r) => setTimeout(r, 5));
        return 42;
      };
      expect(await Promise.all([cache.obtain('t', 'k', count), cache.obtain('t', 'k', count), cache.obtain('t', 'k', count)])).toEqual([42, 42, 42]);
      expect(await cache.obtain('t', 'k', count)).toBe(42);
      expect(counted).toBe(1);
    });

    it('discards a count that raced a write and forgets totals on a write', async () => {
      const generations = createTableGenerations();
      const cache = createTableCache<number>({ generations });
      const anchors = createTableCache<string>({ generations });
      let release!: (n: number) => void;
      const slow = cache.obtain('t', 'k', () => new Promise<number>((r) => (release = r)));
      generations.bump('t');
      release(10);
      expect(await slow).toBe(10);
      expect(cache.get('t', 'k')).toBeUndefined();
      cache.remember('t', 'k', 11, generations.of('t'));
      anchors.remember('t', 'k', 'a', generations.of('t'));
      expect(cache.get('t', 'k')).toBe(11);
      generations.bump('other');
      expect(cache.get('t', 'k')).toBe(11);
      generations.bump('t');
      expect(cache.get('t', 'k')).toBeUndefined();
      expect(anchors.get('t', 'k')).toBeUndefined();
    });

    it('answers with a value past its TTL while one refresh derives it again', async () => {
      let now = 0;
      const generations = createTableGenerations();
      const cache = createTableCache<number>({ generations, ttlMs: 1000, now: () => now });
      let counted = 0;
      let release!: (n: number) => void;
      const recount = () => {
        counted++;
        return new Promise<number>((r) => (release = r));
      };
      cache.remember('t', 'k', 10, 0);
      now = 1001;
      // past the TTL: the old value at once, for every caller, and one recount
      expect(await Promise.all([cache.obtain('t', 'k', recount), cache.obtain('t', 'k', recount)])).toEqual([10, 10]);
      expect(counted).toBe(1);
      expect(cache.get('t', 'k')).toBeUndefined();
      release(12);
      await new Promise((r) => setTimeout(r, 0));
      expect(await cache.obtain('t', 'k', recount)).toBe(12);
      expect(counted).toBe(1);
      // a write the engine saw is never answered with the old value
      generations.bump('t');
      const afterWrite = cache.obtain('t', 'k', recount);
      release(13);
      expect(await afterWrite).toBe(13);
      expect(counted).toBe(2);
    });

    it('tells a value past its TTL from a fresh one, and forgets it on a write', () => {
      let now = 0;
      const generations = createTableGenerations();
      const cache = createTableCache<number>({ generations, ttlMs: 1000, now: () => now });
      expect(cache.lookup('t', 'k')).toBeUndefined();
      cache.remember('t', 'k', 10, 0);
      expect(cache.lookup('t', 'k')).toEqual({ value: 10, fresh: true });
      now = 1001;
      expect(cache.lookup('t', 'k')).toEqual({ value: 10, fresh: false });
      generations.bump('t');
      expect(cache.lookup('t', 'k')).toBeUndefined();
    });

    it('drops a stale value whose refresh failed, so the next caller sees the error', async () => {
      let now = 0;
      const cache = createTableCache<number>({ generations: createTableGenerations(), ttlMs: 1000, now: () => now });
      cache.remember('t', 'k', 10, 0);
      now = 1001;
      expect(await cache.obtain('t', 'k', () => Promise.reject(new Error('database gone')))).toBe(10);
      await new Promise((r) => setTimeout(r, 0));
      await expect(cache.obtain('t', 'k', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    });

    it('expires entries after the TTL and stays bounded', () => {
      let now = 0;
      const cache = createTableCache<number>({ generations: createTableGenerations(), ttlMs: 1000, maxEntries: 3, now: () => now });
      for (const key of ['a', 'b', 'c', 'd']) cache.remember('t', key, 1, 0);
      expect(cache.get('t', 'a')).toBeUndefined();
      expect(cache.get('t', 'd')).toBe(1);
      now = 1001;
      expect(cache.get('t', 'd')).toBeUndefined();
    });
  });

  it('reuses a compiled page statement only for the same model, scope object and key', () => {
    const pages = createPageStatements(2);
    const other = compileModel(position as ModelFile, createSqliteAdapter(), createHookRegistry());
    const mine: DataScope = { condition: null, key: '' };
    const theirs: DataScope = { condition: null, key: '' };
    let built = 0;
    const build = (text: string) => () => ({ sql: `${text} ${++built}`, parameters: [] });
    const first = pages.get(model, mine, 'k', build('a'));
    expect(pages.get(model, mine, 'k', build('b'))).toBe(first);
    // another scope object (another user, or the same one after their rules moved) or model never shares it
    expect(pages.get(model, theirs, 'k', build('c')).sql).toBe('c 2');
    expect(pages.get(other, mine, 'k', build('d')).sql).toBe('d 3');
    expect(pages.get(model, mine, 'j', build('e')).sql).toBe('e 4');
    // bounded per scope: the least recently used goes first
    pages.get(model, mine, 'i', build('f'));
    expect(pages.get(model, mine, 'k', build('g')).sql).toBe('g 6');
    expect(built).toBe(6);
    // i, stored before k, is used again: the next new key pushes out k instead (pages past anchors,
    // one statement each, do not push out the first page every user opens)
    expect(pages.get(model, mine, 'i', build('h')).sql).toBe('f 5');
    pages.get(model, mine, 'h', build('x'));
    expect(pages.get(model, mine, 'i', build('y')).sql).toBe('f 5');
    expect(pages.get(model, mine, 'k', build('z')).sql).toBe('z 8');
  });

  it('refuses duplicate and malformed hook names', () => {
    const hooks = createHookRegistry();
    hooks.register('user.hashPassword', () => {});
    expect(() => hooks.register('user.hashPassword', () => {})).toThrow(/already/);
    expect(() => hooks.register('nodot', () => {})).toThrow();
    expect(createHookRegistry().get('user.hashPassword')).toBeUndefined();
  });
});
