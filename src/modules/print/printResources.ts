import type { Lang } from '../../../runtime/model/types';
import en from './i18n/en.json';
import zhCN from './i18n/zh-CN.json';
import zhTW from './i18n/zh-TW.json';

/** The print dialog's and designer's texts: a lazy namespace, loaded with them. */
export const PRINT_NAMESPACE = 'print';
export const printResources: Record<Lang, object> = { 'zh-CN': zhCN, en, 'zh-TW': zhTW };
