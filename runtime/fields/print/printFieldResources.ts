import type { Lang } from '../../model/types';
import en from './i18n/en.json';
import zhCN from './i18n/zh-CN.json';
import zhTW from './i18n/zh-TW.json';

/** The print template designer's texts: a lazy namespace, loaded with the designer. */
export const PRINT_FIELDS_NAMESPACE = 'printFields';
export const printFieldResources: Record<Lang, object> = { 'zh-CN': zhCN, en, 'zh-TW': zhTW };
