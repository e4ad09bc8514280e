import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

/** Spec 000 §2: every navigation scrolls to the top. */
export function RootLayout() {
  const { key } = useLocation();
  useEffect(() => {
    // a block, not an expression: newer Chromium returns a Promise from scrollTo, which React would call as a cleanup.
    // The app scrolls inside #root (styles/global.css); the window too, for pages rendered elsewhere.
    document.getElementById('root')?.scrollTo(0, 0);
    window.scrollTo(0, 0);
  }, [key]);
  return <Outlet />;
}
