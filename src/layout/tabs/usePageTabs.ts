import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppServices } from '../../app/AppServices';
import { DEFAULT_HOME_PATH } from '../../app/constants';
import { closeMany, closeTab, neighbourOf, openTab, type BulkClose, type PageTab } from './pageTabs';

export interface PageTabs {
  tabs: PageTab[];
  activeKey: string;
  /** bumped by "refresh": the page of that key mounts anew */
  generations: Readonly<Record<string, number>>;
  close(key: string): void;
  closeMany(key: string, which: BulkClose): void;
  refresh(key: string): void;
}

/**
 * The open tabs of this stay in the layout, following the router (spec 000 §2 "Tabbed multi-page layout").
 * `isPage` tells the paths that show a page from those that only redirect ('/', a container): only the
 * former get a tab.
 */
export function usePageTabs(isPage: (pathname: string) => boolean): PageTabs {
  const { t } = useTranslation();
  const { feedback } = useAppServices();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [tabs, setTabs] = useState<PageTab[]>(() =>
    isPage(pathname) ? openTab([], pathname, `${pathname}${search}`, DEFAULT_HOME_PATH) : openTab([], DEFAULT_HOME_PATH, DEFAULT_HOME_PATH, DEFAULT_HOME_PATH),
  );
  const [generations, setGenerations] = useState<Record<string, number>>({});

  useEffect(() => {
    if (isPage(pathname)) setTabs((current) => openTab(current, pathname, `${pathname}${search}`, DEFAULT_HOME_PATH));
  }, [pathname, search, isPage]);

  const close = useCallback(
    (key: string) => {
      const result = closeTab(tabs, key, DEFAULT_HOME_PATH);
      if (!result.ok) {
        feedback.toast('warning', t(result.reason === 'home' ? 'tabs.homeCannotClose' : 'tabs.lastCannotClose'));
        return;
      }
      setTabs(result.tabs);
      if (key === pathname) {
        const next = neighbourOf(tabs, key, result.tabs);
        if (next) navigate(next.to);
      }
    },
    [tabs, pathname, navigate, feedback, t],
  );

  const closeSome = useCallback(
    (key: string, which: BulkClose) => {
      const next = closeMany(tabs, key, which, DEFAULT_HOME_PATH);
      setTabs(next);
      if (!next.some((tab) => tab.key === pathname)) navigate(next.find((tab) => tab.key === key)?.to ?? key);
    },
    [tabs, pathname, navigate],
  );

  const refresh = useCallback((key: string) => {
    setGenerations((current) => ({ ...current, [key]: (current[key] ?? 0) + 1 }));
  }, []);

  return { tabs, activeKey: pathname, generations, close, closeMany: closeSome, refresh };
}
