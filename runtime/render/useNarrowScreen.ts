import { useSyncExternalStore } from 'react';

/** below antd's `sm` breakpoint (576 px) */
const NARROW_QUERY = '(max-width: 575.98px)';

const narrowMedia = (): MediaQueryList | undefined => (typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : undefined);

function subscribe(onChange: () => void): () => void {
  const media = narrowMedia();
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}

/**
 * Whether the screen is narrower than antd's `sm` (576 px, a phone). Forms then stack each label above its
 * field (a label column beside it leaves either cut labels or fields too narrow to use on a 375 px phone);
 * lists drop their row numbers and fold their actions. Known at the first render, unlike antd's
 * Grid.useBreakpoint, which reports after mounting: Formily keeps the layout a form's fields were created
 * with, and a list would render a second time, table and all, before its rows are painted.
 */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => narrowMedia()?.matches ?? false);
}
