import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { PageTab } from './pageTabs';

export interface KeptPagesProps {
  tabs: readonly PageTab[];
  activeKey: string;
  /** which open tabs keep their page mounted while another tab shows (route meta keepAlive) */
  keepAlive(key: string): boolean;
  generations: Readonly<Record<string, number>>;
  /** the page at an address (the layout's routes rendered at `location`) */
  render(location: string | undefined): ReactNode;
}

/**
 * Spec 000 §2 "Pages can be cached per route meta": a kept-alive tab's page stays mounted (hidden) while
 * another tab shows, so its search, paging and scroll survive; other pages mount when shown. Each page has
 * a stable slot keyed by its tab, so showing it again does not remount it; "refresh" changes the key.
 * A page is kept once it has been shown: the home tab, always open, does not mount (and fetch its figures and
 * charts) behind a page the visit started on.
 */
export function KeptPages({ tabs, activeKey, keepAlive, generations, render }: KeptPagesProps) {
  const { pathname } = useLocation();
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set([activeKey]));
  // remembered while rendering (React's pattern for state derived from earlier renders), not in an effect:
  // a page left in the same update must stay mounted
  if (!shown.has(activeKey)) setShown(new Set([...shown, activeKey]));
  const kept = tabs.filter((tab) => tab.key !== activeKey && keepAlive(tab.key) && shown.has(tab.key));
  const slots = [...kept.map((tab) => ({ key: tab.key, location: tab.to as string | undefined })), { key: activeKey, location: undefined }];
  return (
    <>
      {slots.map((slot) => (
        <div key={`${slot.key}#${generations[slot.key] ?? 0}`} hidden={slot.key !== pathname} data-page-key={slot.key}>
          {render(slot.location)}
        </div>
      ))}
    </>
  );
}
