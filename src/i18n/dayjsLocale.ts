import dayjs from 'dayjs';
import { startTransition, useEffect, useState } from 'react';
import type { Lang } from '../../runtime/model/types';
import { loadDayjsLocale } from './dayjsLocaleLoaders';
import { useCurrentLanguage } from './useCurrentLanguage';

/** the language dayjs was last switched to here (null before the first switch) */
let applied: Lang | null = null;

/** Switches dayjs (date pickers, month and week names) to `lang`. */
export async function applyDayjsLocale(lang: Lang): Promise<void> {
  dayjs.locale(await loadDayjsLocale(lang));
  applied = lang;
}

/**
 * Keeps dayjs in the interface language (spec 000 §1) and answers whether it has been set once. Used by the
 * router's root, which waits for it: dayjs (~3 KB gzip) is not part of the sign-in route, which shows no date.
 * Ready at once when dayjs already speaks the language (the router's first loader waits for it: createRoutedScreen).
 */
export function useDayjsLocale(): boolean {
  const lang = useCurrentLanguage();
  const [ready, setReady] = useState(() => applied === lang);
  useEffect(() => {
    let live = true;
    // a locale chunk that fails to load leaves dates in English, not the app blank
    // in a transition: what waited for it (the whole app under the router) renders in short tasks
    const done = () => live && startTransition(() => setReady(true));
    void applyDayjsLocale(lang).then(done, done);
    return () => {
      live = false;
    };
  }, [lang]);
  return ready;
}
