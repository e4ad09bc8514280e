import { describe, expect, it } from 'vitest';
import { closeMany, closeTab, neighbourOf, openTab, type PageTab } from '../../../../../src/layout/tabs/pageTabs';

const HOME = '/dashboard/analysis';
const tab = (key: string): PageTab => ({ key, to: key });
const keys = (tabs: readonly PageTab[]) => tabs.map((t) => t.key);

describe('page tabs (spec 000 §2 "Tabbed multi-page layout")', () => {
  it('keeps the home tab first, one tab per path, and remembers the last query of a path', () => {
    let tabs = openTab([], '/a', '/a', HOME);
    expect(keys(tabs)).toEqual([HOME, '/a']);
    tabs = openTab(tabs, '/b', '/b', HOME);
    tabs = openTab(tabs, '/a', '/a?page=2', HOME);
    expect(tabs).toEqual([tab(HOME), { key: '/a', to: '/a?page=2' }, tab('/b')]);
  });

  it('answers tabs that already say so as they are, so that the layout does not render again for nothing', () => {
    const tabs = openTab([], '/a', '/a?page=2', HOME);
    expect(openTab(tabs, '/a', '/a?page=2', HOME)).toBe(tabs);
    expect(openTab(tabs, HOME, HOME, HOME)).toBe(tabs);
    expect(openTab(tabs, '/a', '/a', HOME)).not.toBe(tabs);
    expect(openTab(tabs, '/b', '/b', HOME)).not.toBe(tabs);
    // the home tab not first yet: put first
    expect(keys(openTab([tab('/a'), tab(HOME)], '/a', '/a', HOME))).toEqual([HOME, '/a']);
  });

  it('refuses to close the home tab ("The home page cannot be closed!") and the last tab', () => {
    expect(closeTab([tab(HOME), tab('/a')], HOME, HOME)).toEqual({ ok: false, reason: 'home' });
    expect(closeTab([tab('/a')], '/a', HOME)).toEqual({ ok: false, reason: 'last' });
    expect(closeTab([tab(HOME), tab('/a')], '/a', HOME)).toEqual({ ok: true, tabs: [tab(HOME)] });
  });

  it('closes left, right and others, always keeping the home tab', () => {
    const tabs = [HOME, '/a', '/b', '/c', '/d'].map(tab);
    expect(keys(closeMany(tabs, '/b', 'left', HOME))).toEqual([HOME, '/b', '/c', '/d']);
    expect(keys(closeMany(tabs, '/b', 'right', HOME))).toEqual([HOME, '/a', '/b']);
    expect(keys(closeMany(tabs, '/b', 'others', HOME))).toEqual([HOME, '/b']);
    expect(keys(closeMany(tabs, HOME, 'others', HOME))).toEqual([HOME]);
  });

  it('shows the right neighbour after closing the active tab, else the left one', () => {
    const before = [HOME, '/a', '/b'].map(tab);
    expect(neighbourOf(before, '/a', [HOME, '/b'].map(tab))?.key).toBe('/b');
    expect(neighbourOf(before, '/b', [HOME, '/a'].map(tab))?.key).toBe('/a');
  });
});
