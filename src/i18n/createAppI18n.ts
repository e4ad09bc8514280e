import i18next, { type i18n as I18n, type Resource } from 'i18next';
import type { Lang } from '../../runtime/model/types';
import en from './en.json';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';

export const APP_NS = 'app';

/**
 * One i18next instance per app (no global): the shell's namespace 'app' plus whatever namespaces
 * the caller adds (main.tsx adds the data layer's 'data').
 */
export function createAppI18n(lang: Lang, extra: Partial<Record<Lang, Record<string, object>>> = {}): I18n {
  const resources: Resource = {
    'zh-CN': { ...extra['zh-CN'], [APP_NS]: zhCN },
    en: { ...extra.en, [APP_NS]: en },
    'zh-TW': { ...extra['zh-TW'], [APP_NS]: zhTW },
  };
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
