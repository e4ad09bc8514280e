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
 * Whether forms stack each label above its field: on screens narrower than antd's `sm` (576 px) a label
 * column beside the field leaves either cut labels or fields too narrow to use (a 375 px phone). Known at
 * the first render (unlike antd's Grid.useBreakpoint, which reports after mounting): Formily keeps the
 * layout a form's fields were created with.
 */
export function useNarrowForm(): boolean {
  return useSyncExternalStore(subscribe, () => narrowMedia()?.matches ?? false);
}
