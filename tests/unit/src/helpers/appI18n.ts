import type { Lang } from '../../../../runtime/model/types';
import { createAppI18n } from '../../../../src/i18n/createAppI18n';
import en from '../../../../src/i18n/en.json';
import zhCN from '../../../../src/i18n/zh-CN.json';
import zhTW from '../../../../src/i18n/zh-TW.json';

/** The app's i18next instance with all three shell catalogues at hand (the app loads one at a time: appTexts.ts). */
export function createTestI18n(lang: Lang) {
  return createAppI18n(lang, {}, { 'zh-CN': zhCN, en, 'zh-TW': zhTW });
}
