import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useDayjsLocale } from '../i18n/dayjsLocale';
import { AntdScope } from './AntdScope';
import { PageLoading } from './PageLoading';

/**
 * Spec 000 §2: every navigation scrolls to the top. Every route is under antd's provider (AntdScope: the
 * sign-in screen of a first visit, which has no router, goes without antd) and renders once antd and dayjs
 * speak the interface language.
 */
export function RootLayout() {
  const { key } = useLocation();
  const dayjsReady = useDayjsLocale();
  // the address the page was loaded at is no navigation: the page starts at the top, and scrolling there
  // forced a layout of the half-built first screen (~70 ms of a signed-in list page's first load, profiled)
  const shownKey = useRef(key);
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    // a block, not an expression: newer Chromium returns a Promise from scrollTo, which React would call as a cleanup.
    // The app scrolls inside #root (styles/global.css); the window too, for pages rendered elsewhere.
    document.getElementById('root')?.scrollTo(0, 0);
    window.scrollTo(0, 0);
  }, [key]);
  return <AntdScope fallback={<PageLoading />}>{dayjsReady ? <Outlet /> : <PageLoading />}</AntdScope>;
}
