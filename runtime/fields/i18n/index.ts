import type { Lang } from '../../model/types';
import en from './en.json';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';

/** The i18next namespace of the widgets' own texts (prompts, empty results, problems). */
export const FIELDS_NAMESPACE = 'fields';

/** zh-CN is the source; zh-TW is generated from it by `npm run i18n:tw`, never edited. */
export const fieldResources: Record<Lang, typeof zhCN> = { 'zh-CN': zhCN, en, 'zh-TW': zhTW };
