import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useDayjsLocale } from '../i18n/dayjsLocale';
import { PageLoading } from './PageLoading';

/** Spec 000 §2: every navigation scrolls to the top. Routes render once dayjs speaks the interface language. */
export function RootLayout() {
  const { key } = useLocation();
  const dayjsReady = useDayjsLocale();
  useEffect(() => {
    // a block, not an expression: newer Chromium returns a Promise from scrollTo, which React would call as a cleanup.
    // The app scrolls inside #root (styles/global.css); the window too, for pages rendered elsewhere.
    document.getElementById('root')?.scrollTo(0, 0);
    window.scrollTo(0, 0);
  }, [key]);
  return dayjsReady ? <Outlet /> : <PageLoading />;
}
