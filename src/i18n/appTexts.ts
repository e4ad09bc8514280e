import type { i18n as I18n } from 'i18next';
import type { Lang } from '../../runtime/model/types';
import { APP_NS } from './createAppI18n';

// each language's shell texts in a chunk of its own (~2.3 KB gzip each): the sign-in route fetches one
const LOADERS: Record<Lang, () => Promise<{ default: object }>> = {
  'zh-CN': () => import('./zh-CN.json'),
  en: () => import('./en.json'),
  'zh-TW': () => import('./zh-TW.json'),
};

/** Adds the shell's texts for `lang` to i18next unless they are there (before the first render, before a switch). */
export async function loadAppTexts(i18n: I18n, lang: Lang): Promise<void> {
  if (i18n.hasResourceBundle(lang, APP_NS)) return;
  const texts = (await LOADERS[lang]()).default;
  i18n.addResourceBundle(lang, APP_NS, texts, true, false);
}
