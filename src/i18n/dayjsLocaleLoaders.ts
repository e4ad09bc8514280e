import type { Lang } from '../../runtime/model/types';

// dayjs names its locales in lower case; English is built in
const LOADERS: Record<Lang, () => Promise<string>> = {
  'zh-CN': async () => (await import('dayjs/locale/zh-cn')).default.name,
  en: async () => 'en',
  'zh-TW': async () => (await import('dayjs/locale/zh-tw')).default.name,
};

/**
 * Fetches dayjs's texts for `lang` and answers dayjs's name for them. Without a static import of dayjs, so
 * that startShell (the sign-in route, which has no dayjs) can start the download with the router's for a
 * visit with a session: the router's first loader waits for these texts, and fetched only once the router
 * had been created they were the last request before the list page's own (up to ~400 ms, profiled).
 */
export function loadDayjsLocale(lang: Lang): Promise<string> {
  return LOADERS[lang]();
}
