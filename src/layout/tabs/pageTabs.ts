/**
 * The multi-page tabs of spec 000 §2 as plain data: one tab per route path, the home tab first and never
 * closed, the last remaining tab never closed. Pure functions, so the rules are tested without a browser.
 */
export interface PageTab {
  /** the route path: one tab per path */
  key: string;
  /** where the tab goes back to (path + query of its last visit) */
  to: string;
}

export type CloseRefusal = 'home' | 'last';

export type TabsResult = { ok: true; tabs: PageTab[] } | { ok: false; reason: CloseRefusal };

/**
 * Opens (or updates the address of) the tab for `key`; the home tab is always the first one. Tabs that
 * already say so are answered as they are (the same array): the layout sets them on every navigation,
 * and a new array would render the layout and its page again for nothing (the first visit's included).
 */
export function openTab(tabs: readonly PageTab[], key: string, to: string, homeKey: string): PageTab[] {
  const unchanged = tabs[0]?.key === homeKey && tabs.some((tab) => tab.key === key && tab.to === to);
  if (unchanged) return tabs as PageTab[];
  const next = tabs.some((tab) => tab.key === key) ? tabs.map((tab) => (tab.key === key ? { key, to } : tab)) : [...tabs, { key, to }];
  const home = next.find((tab) => tab.key === homeKey) ?? { key: homeKey, to: homeKey };
  return [home, ...next.filter((tab) => tab.key !== homeKey)];
}

/** Closes one tab: the home tab ('The home page cannot be closed!') and the last tab stay. */
export function closeTab(tabs: readonly PageTab[], key: string, homeKey: string): TabsResult {
  if (key === homeKey) return { ok: false, reason: 'home' };
  if (tabs.length <= 1) return { ok: false, reason: 'last' };
  return { ok: true, tabs: tabs.filter((tab) => tab.key !== key) };
}

export type BulkClose = 'left' | 'right' | 'others';

/** Close left, close right, close others (the tab context menu); the home tab always stays. */
export function closeMany(tabs: readonly PageTab[], key: string, which: BulkClose, homeKey: string): PageTab[] {
  const at = tabs.findIndex((tab) => tab.key === key);
  if (at < 0) return [...tabs];
  return tabs.filter((tab, index) => {
    if (tab.key === homeKey || tab.key === key) return true;
    if (which === 'left') return index > at;
    if (which === 'right') return index < at;
    return false;
  });
}

/** The tab to show after the active one was closed: its right neighbour, else its left one. */
export function neighbourOf(before: readonly PageTab[], closedKey: string, after: readonly PageTab[]): PageTab | null {
  const at = before.findIndex((tab) => tab.key === closedKey);
  return after[Math.min(at, after.length - 1)] ?? after.at(-1) ?? null;
}
