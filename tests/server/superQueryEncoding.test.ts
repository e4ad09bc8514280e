import { describe, expect, it } from 'vitest';
import sample from '../fixtures/modules/labfixture/models/sample.model.json' with { type: 'json' };
import { encodeSuperQuery } from '../../runtime/data/encodeFilters.js';
import { toQueryString } from '../../runtime/data/requestConventions.js';
import type { ModelFile, ServedModel } from '../../runtime/model/types.js';
import { queryFields } from '../../runtime/query/queryFields.js';
import { buildQuery, newLine, type QueryLine } from '../../runtime/query/queryLines.js';
import { QUERY_RULES, rulesFor } from '../../runtime/query/queryRules.js';
import { compileModel } from '../../server/engine/compileModel.js';
import { createHookRegistry } from '../../server/engine/hookRegistry.js';
import { parseMatchType, parseSuperQuery } from '../../server/engine/parseSuperQuery.js';
import { createSqliteAdapter } from '../../server/db/dialects/sqlite/sqliteAdapter.js';

// The advanced query builder (runtime/query) against the server's parser (server/engine/parseSuperQuery.ts):
// what the client encodes is what the server reads, for every field the builder offers and every rule it
// allows there. No database: the query string goes through the client's serializer and back.
const model = sample as unknown as ModelFile;
const compiled = compileModel(model, createSqliteAdapter(), createHookRegistry());
const served: ServedModel = { model, lang: 'zh-CN', texts: {}, patterns: {} };
const t = (key: string) => key;

/** the request's query string as Fastify hands it to the route: decoded once */
function throughTheWire(lines: QueryLine[], matchType: 'and' | 'or' = 'and') {
  const query = buildQuery(lines, matchType);
  const params = new URLSearchParams(toQueryString(encodeSuperQuery(query ?? undefined)));
  return { text: params.get('superQueryParams') ?? '', matchType: params.get('superQueryMatchType') ?? undefined };
}

function serverConditions(lines: QueryLine[], matchType: 'and' | 'or' = 'and') {
  const wire = throughTheWire(lines, matchType);
  return { conditions: parseSuperQuery(compiled, wire.text), matchType: parseMatchType(wire.matchType) };
}

const SAMPLE_VALUES: Record<string, string | number> = {
  string: 'ab,c', // a comma inside a text value must survive the encoding
  text: '样品 A',
  integer: 12,
  number: 3.5,
  date: '2024-05-01',
  datetime: '2024-05-01 08:30:00',
};

describe('advanced query encoding, read back by the server', () => {
  const fields = queryFields(served, t);

  it('offers the filterable fields only (no secret, no filterable: false) and the system stamps', () => {
    const names = fields.map((f) => f.name);
    expect(names).toContain('sampleName');
    expect(names).not.toContain('accessKey');
    expect(names).not.toContain('remark');
    expect(names).toEqual(expect.arrayContaining(['createTime', 'createBy', 'updateTime', 'updateBy']));
    for (const name of names) expect(compiled.fields.get(name)?.filterable, name).toBe(true);
  });

  for (const field of queryFields(served, t)) {
    for (const rule of rulesFor(field)) {
      it(`${field.name} ${rule}`, () => {
        const choice = field.dict || field.enum;
        // a dictionary's item values are the field's values: numbers for an integer field
        const choices = field.enum ?? (field.type === 'integer' ? [0, 1] : ['x1', 'x2']);
        const one = choice ? choices[0]! : SAMPLE_VALUES[field.type]!;
        const val = rule === 'in' ? [one, choice ? choices[1]! : one] : one;
        const { conditions } = serverConditions([newLine({ field: field.name, rule, val })]);
        expect(conditions).toHaveLength(1);
        expect(conditions[0]!.field.name).toBe(field.name);
        expect(conditions[0]!.rule).toBe(rule);
        if (rule === 'in') expect((conditions[0]!.value as unknown[]).length).toBeGreaterThan(0);
        else if (field.type === 'string' && !choice) expect(conditions[0]!.value).toBe('ab,c');
      });
    }
  }

  it('knows every rule of spec 000 §5 and offers contains / starts / ends on text fields only', () => {
    expect(QUERY_RULES).toEqual(['eq', 'like', 'right_like', 'left_like', 'in', 'ne', 'gt', 'ge', 'lt', 'le']);
    for (const field of fields) {
      const textual = (field.type === 'string' || field.type === 'text') && !field.dict && !field.enum;
      expect(rulesFor(field).includes('like'), field.name).toBe(textual);
    }
  });

  it('sends the match type (and by default, or when chosen) and trims values first', () => {
    const lines = [newLine({ field: 'sampleName', rule: 'eq', val: '  钢筋  ' }), newLine({ field: 'quantity', rule: 'ge', val: ' 3 ' })];
    const or = serverConditions(lines, 'or');
    expect(or.matchType).toBe('or');
    expect(or.conditions.map((c) => c.value)).toEqual(['钢筋', 3]);
    expect(serverConditions(lines).matchType).toBe('and');
  });

  it('drops incomplete lines among several; a single incomplete line is no query at all', () => {
    const partial = [newLine({ field: 'sampleName', rule: 'like', val: '钢' }), newLine({ field: 'quantity', rule: 'eq' }), newLine({ rule: 'eq', val: 'x' })];
    expect(serverConditions(partial).conditions.map((c) => c.field.name)).toEqual(['sampleName']);
    expect(buildQuery([newLine({ field: 'sampleName', rule: 'like', val: '   ' })], 'and')).toBeNull();
    expect(buildQuery([newLine({ field: 'sampleName', val: 'x' })], 'and')).toBeNull();
    expect(buildQuery([newLine({ rule: 'eq', val: 'x' })], 'and')).toBeNull();
    expect(throughTheWire([newLine()]).text).toBe('');
  });

  it('is refused by the server when a line names a field the model does not offer', () => {
    expect(() => serverConditions([newLine({ field: 'accessKey', rule: 'eq', val: 'k' })])).toThrow(/accessKey/);
  });
});
