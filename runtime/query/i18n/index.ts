import type { Lang } from '../../model/types';
import en from './en.json';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';

/** The advanced query's own texts: loaded with the builder, not with the list page. */
export const QUERY_NAMESPACE = 'superQuery';

/** zh-CN is the source; zh-TW is generated from it by `npm run i18n:tw`, never edited. */
export const queryResources: Record<Lang, typeof zhCN> = { 'zh-CN': zhCN, en, 'zh-TW': zhTW };
