import { describe, expect, it } from 'vitest';
import type { ModelFile } from '../../../../../runtime/model/types';
import { buildSearchSchema, searchPlaceholder } from '../../../../../runtime/render/list/buildSearchSchema';
import { toSearchCriteria } from '../../../../../runtime/render/list/toSearchCriteria';
import { serve, servedPosition } from '../support/servedModels';

const searchModel: ModelFile = {
  ...structuredClone(servedPosition().model),
  list: {
    columns: ['fullName'],
    search: ['keyword', 'fullName', 'enabledMark', 'sortCode', 'createTime', { field: 'enCode', mode: 'eq' }, { field: 'description', mode: 'like' }],
  },
};
const served = serve(searchModel);
const t = (key: string) => key;

describe('toSearchCriteria', () => {
  it('drops every empty value (never sends "")', () => {
    expect(
      toSearchCriteria(served, { keyword: '  ', fullName: '', enabledMark: undefined, sortCode: [undefined, undefined], createTime: ['', ''], enCode: null }),
    ).toEqual({ filters: {} });
  });

  it('encodes like, eq and range by the search mode (defaults: text like, dict eq, numbers and dates range)', () => {
    expect(
      toSearchCriteria(served, { keyword: ' 检测 ', fullName: ' 员 ', enabledMark: 1, sortCode: [1, undefined], enCode: 'qc.1', description: '说' }),
    ).toEqual({
      keyword: '检测',
      filters: {
        fullName: { op: 'like', value: '员' },
        enabledMark: { op: 'eq', value: 1 },
        sortCode: { op: 'range', from: 1 },
        enCode: { op: 'eq', value: 'qc.1' },
        description: { op: 'like', value: '说' },
      },
    });
  });

  it('makes a day range on a date-time field cover both whole days', () => {
    expect(toSearchCriteria(served, { createTime: ['2024-05-01', '2024-05-31'] }).filters.createTime).toEqual({
      op: 'range',
      from: '2024-05-01 00:00:00',
      to: '2024-05-31 23:59:59',
    });
  });
});

describe('buildSearchSchema', () => {
  it('gives each search mode its widget', () => {
    const properties = buildSearchSchema(served, t).properties as Record<string, Record<string, unknown>>;
    expect(Object.keys(properties)).toEqual(['keyword', 'fullName', 'enabledMark', 'sortCode', 'createTime', 'enCode', 'description']);
    expect(properties.keyword).toMatchObject({ 'x-component': 'Input', 'x-component-props': { placeholder: 'search.keywordPlaceholder' } });
    expect(properties.enabledMark).toMatchObject({ 'x-component': 'DictSelect', 'x-component-props': { dictCode: 'enabled_state', valueType: 'number' } });
    expect(properties.sortCode?.['x-component']).toBe('NumberRange');
    expect(properties.createTime?.['x-component']).toBe('DateRangePicker');
    expect(properties.fullName?.['x-component']).toBe('Input');
    expect(properties.enabledMark?.title).toBe('状态');
  });

  it('asks to pick only where a value is picked: a number searched by eq is typed, like text (it said 请选择)', () => {
    expect(searchPlaceholder('NumberPicker', t)).toBeUndefined();
    expect(searchPlaceholder('Input', t)).toBeUndefined();
    expect(searchPlaceholder('DictSelect', t)).toBe('search.selectPlaceholder');
    expect(searchPlaceholder('NumberRange', t)).toEqual(['search.from', 'search.to']);
  });
});
