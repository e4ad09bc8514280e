import type { Lang } from '../../../../model/types';
import en from './en.json';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';

/** The list tools' own texts (import dialog, export progress, column settings): loaded with them. */
export const LIST_TOOLS_NAMESPACE = 'listTools';

/** zh-CN is the source; zh-TW is generated from it by `npm run i18n:tw`, never edited. */
export const listToolsResources: Record<Lang, typeof zhCN> = { 'zh-CN': zhCN, en, 'zh-TW': zhTW };
