import { describe, expect, it } from 'vitest';
import { resolveText } from '../../../../runtime/model/resolveText';
import type { ServedModel } from '../../../../runtime/model/types';
import { positionModel } from '../data/support/dialectModels';

const served: ServedModel = { model: positionModel, lang: 'en', texts: { 岗位名称: 'Position name', 说明: '' }, patterns: {} };

describe('resolveText', () => {
  it('translates a zh-CN text the module translates', () => {
    expect(resolveText(served, '岗位名称')).toBe('Position name');
  });

  it('falls back to the zh-CN source', () => {
    expect(resolveText(served, '岗位编码')).toBe('岗位编码');
  });

  it('keeps a translation that is deliberately empty', () => {
    expect(resolveText(served, '说明')).toBe('');
  });

  it('does not read inherited keys', () => {
    expect(resolveText(served, 'constructor')).toBe('constructor');
  });
});
