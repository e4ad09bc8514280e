// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ModelFile } from '../../../runtime/model/types';
import { diffJson, fieldChanges } from '../../../server/visualdev/modelDiff';
import { listQueryOf } from '../../../server/visualdev/onlineDevQuery';

const model = (fields: ModelFile['entity']['fields']) => ({ entity: { table: 't', fields } }) as ModelFile;

describe('model diffs and OnlineDev list bodies', () => {
  it('names each change at its JSON pointer', () => {
    expect(diffJson({ a: 1, b: { c: [1, 2] }, 'x/y': 1 }, { a: 2, b: { c: [1] }, d: true, 'x/y': 1 })).toEqual([
      { path: '/a', kind: 'changed', from: 1, to: 2 },
      { path: '/b/c/1', kind: 'removed', from: 2 },
      { path: '/d', kind: 'added', to: true },
    ]);
    expect(diffJson({ 'x/y': 1 }, { 'x/y': 2 })).toEqual([{ path: '/x~1y', kind: 'changed', from: 1, to: 2 }]);
  });

  it('tells added, removed and retyped fields; a longer text is the same column kind', () => {
    const before = model({ a: { type: 'string', label: 'a', maxLength: 10 }, b: { type: 'string', label: 'b' }, c: { type: 'integer', label: 'c' } });
    const after = model({ a: { type: 'string', label: 'a', maxLength: 50 }, c: { type: 'string', label: 'c' }, d: { type: 'date', label: 'd' } });
    expect(fieldChanges(before, after)).toEqual({ added: ['d'], removed: ['b'], retyped: [{ field: 'c', from: 'integer', to: 'varchar' }] });
    expect(fieldChanges(undefined, after).added).toEqual(['a', 'c', 'd']);
  });

  it('turns a List body into the generic list parameters', () => {
    expect(
      listQueryOf({
        currentPage: 2,
        pageSize: 10,
        queryJson: JSON.stringify({ state: 1, receivedDate: ['2026-01-01', '2026-01-31'], empty: '' }),
        superQueryJson: { matchLogic: 'OR', conditionJson: [{ field: 'name', symbol: 'like', fieldValue: '钢' }] },
      }),
    ).toEqual({
      currentPage: '2',
      pageSize: '10',
      state: '1',
      receivedDate_begin: '2026-01-01',
      receivedDate_end: '2026-01-31',
      superQueryParams: JSON.stringify([{ field: 'name', rule: 'like', val: '钢' }]),
      superQueryMatchType: 'or',
    });
    expect(() => listQueryOf({ queryJson: '{' })).toThrow();
    expect(() => listQueryOf({ superQueryJson: { conditionJson: [{ field: 'a', symbol: '~~' }] } })).toThrow();
  });
});
