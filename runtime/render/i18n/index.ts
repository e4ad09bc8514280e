import type { Lang } from '../../model/types';
import en from './en.json';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';

export { RENDER_NAMESPACE } from './namespace';

export type RenderResources = typeof zhCN;

/** zh-CN is the source; zh-TW is generated from it by `npm run i18n:tw`, never edited. */
export const renderResources: Record<Lang, RenderResources> = { 'zh-CN': zhCN, en, 'zh-TW': zhTW };
