import type { Lang } from '../../runtime/model/types.js';
import type { Translate } from '../i18n/translateText.js';
import { toDictOptionMap, type DictItem, type DictOption } from './dictCache.js';
import type { ValueText } from './queryTableDict.js';

/**
 * An item's text in a language: the English an administrator wrote for it, else the zh-CN text through
 * the module locales (zh-TW is converted from zh-CN).
 */
export function itemTextIn(item: DictItem, lang: Lang, translate: Translate): string {
  return lang === 'en' && item.textEn ? item.textEn : translate(item.text, lang);
}

/** Dictionary texts are stored in zh-CN; the caller sees them in their language. */
export function translateDictItems(items: readonly DictItem[], lang: Lang, translate: Translate): DictItem[] {
  return items.map((item) => ({ ...item, text: itemTextIn(item, lang, translate) }));
}

/**
 * Every dictionary as the client caches it (sysAllDictItems at sign-in, queryAllDictItems), in the caller's
 * language: both answers fill the same cache, so both must speak the language the client asked for.
 */
export function allDictOptionsIn(all: Record<string, readonly DictItem[]>, lang: Lang, translate: Translate): Record<string, DictOption[]> {
  return toDictOptionMap(Object.fromEntries(Object.entries(all).map(([code, items]) => [code, translateDictItems(items, lang, translate)])));
}

export function toValueTexts(items: readonly DictItem[]): ValueText[] {
  return items.map(({ value, text }) => ({ value, text }));
}

/** Keeps the options whose text contains the keyword (case-insensitive), at most `limit` of them. */
export function filterOptions(options: readonly ValueText[], keyword: string | undefined, limit: number | undefined): ValueText[] {
  const needle = keyword?.toLowerCase();
  const matching = needle ? options.filter((o) => o.text.toLowerCase().includes(needle)) : [...options];
  return limit === undefined ? matching : matching.slice(0, limit);
}
