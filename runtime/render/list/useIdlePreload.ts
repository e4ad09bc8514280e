import { useEffect } from 'react';

type IdleWindow = { requestIdleCallback?(callback: () => void): number; cancelIdleCallback?(handle: number): void };

/** Runs `preload` once the browser is idle after `when` turns true (again after each turn; preloads are idempotent). */
export function useIdlePreload(when: boolean, preload: () => Promise<unknown>): void {
  useEffect(() => {
    if (!when) return;
    const run = () => void preload().catch(() => undefined); // a failed preload is retried by the real load
    const idle = window as unknown as IdleWindow;
    if (idle.requestIdleCallback && idle.cancelIdleCallback) {
      const handle = idle.requestIdleCallback(run);
      return () => idle.cancelIdleCallback?.(handle);
    }
    const timer = setTimeout(run, 1);
    return () => clearTimeout(timer);
    // not keyed on the preload's identity (a new closure each render): only on the page becoming ready
  }, [when]);
}
