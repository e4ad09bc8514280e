import type { Lang } from '../../model/types';
import en from './en.json';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';

/**
 * The i18next namespace 'data': every text runtime/data and runtime/access show (the error catalogue
 * of spec 000 §8, the contract-error text, the permission tip). zh-CN is the source and quotes the
 * spec exactly; zh-TW is generated from it (npm run i18n:tw), never edited by hand.
 * HttpClientOptions.t must translate in this namespace.
 *
 * @example
 * for (const lang of LANGS) i18n.addResourceBundle(lang, 'data', dataResources[lang], true, false);
 * const http = createHttpClient({ ...session, feedback, t: i18n.getFixedT(null, 'data') });
 */
export const dataResources: Record<Lang, Record<string, unknown>> = {
  'zh-CN': zhCN,
  en,
  'zh-TW': zhTW,
};
