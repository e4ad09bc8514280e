import i18next, { type i18n as I18n, type Resource } from 'i18next';
import type { Lang } from '../../runtime/model/types';

export const APP_NS = 'app';

export type AppTexts = Partial<Record<Lang, object>>;

/**
 * One i18next instance per app (no global): the shell's namespace 'app' plus whatever namespaces
 * the caller adds (main.tsx adds the data layer's 'data'). The shell's own texts come one language at a
 * time (loadAppTexts, before the first render and before each switch), so the sign-in route carries one
 * catalogue, not three; a caller that has them all at hand (tests) passes them as `texts`.
 */
export function createAppI18n(lang: Lang, extra: Partial<Record<Lang, Record<string, object>>> = {}, texts: AppTexts = {}): I18n {
  const resources: Resource = {};
  for (const code of ['zh-CN', 'en', 'zh-TW'] as const) {
    const own = texts[code];
    resources[code] = { ...extra[code], ...(own ? { [APP_NS]: own } : {}) };
  }
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: lang,
    fallbackLng: 'zh-CN',
    defaultNS: APP_NS,
    ns: [APP_NS, ...Object.keys(extra['zh-CN'] ?? {})],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    showSupportNotice: false,
  });
  return instance;
}
