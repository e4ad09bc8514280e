import { useSyncExternalStore } from 'react';

/** Spec 000 §2: the layout switches at 1087.99 px (wide screen) and 767.99 px (mobile). */
export const MOBILE_MAX_WIDTH = 767.99;
export const TABLET_MAX_WIDTH = 1087.99;

export type Device = 'desktop' | 'tablet' | 'mobile';

const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;
const TABLET_QUERY = `(min-width: 768px) and (max-width: ${TABLET_MAX_WIDTH}px)`;

function currentDevice(): Device {
  if (typeof window.matchMedia !== 'function') return 'desktop';
  if (window.matchMedia(MOBILE_QUERY).matches) return 'mobile';
  if (window.matchMedia(TABLET_QUERY).matches) return 'tablet';
  return 'desktop';
}

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const queries = [window.matchMedia(MOBILE_QUERY), window.matchMedia(TABLET_QUERY)];
  queries.forEach((query) => query.addEventListener('change', onChange));
  return () => queries.forEach((query) => query.removeEventListener('change', onChange));
}

/** desktop (wider than 1087.99 px), tablet (the sidebar starts folded) or mobile (the menu in a drawer, no tabs). */
export function useDevice(): Device {
  return useSyncExternalStore(subscribe, currentDevice);
}
