import { describe, expect, it } from 'vitest';
import { searchableMenuEntries } from '../../../../src/menu/searchableMenuEntries';
import { selectMenuSubtree } from '../../../../src/menu/selectMenuSubtree';
import { rootFontSize } from '../../../../src/app/scaleRootFont';
import { SAMPLE_MENU } from '../helpers/fixtures';

describe('header menu search (spec 000 §2: only visible, non-container entries)', () => {
  it('offers the visible leaves with their trail, never containers or hidden items', () => {
    const entries = searchableMenuEntries(selectMenuSubtree(SAMPLE_MENU, 'system', []));
    const titles = entries.map((e) => e.node.meta.title);
    expect(titles).toContain('岗位管理');
    expect(titles).toContain('帮助文档');
    expect(titles).not.toContain('组织机构');
    expect(titles).not.toContain('隐藏页面');
    expect(titles).not.toContain('空目录');
    expect(entries.find((e) => e.node.meta.title === '岗位管理')?.trail).toEqual(['组织机构', '岗位管理']);
  });
});

describe('root font scaling against 1920 (spec 000 §2)', () => {
  it('is 100 px at 1920 and scales with the width', () => {
    expect(rootFontSize(1920)).toBe('100px');
    expect(rootFontSize(960)).toBe('50px');
    expect(rootFontSize(375)).toBe('19.53125px');
  });
});
