import type { DictItem } from './dictCache.js';
import type { ValueText } from './queryTableDict.js';

/** Dictionary texts are stored in zh-CN; the caller sees them in their language. */
export function translateDictItems(items: readonly DictItem[], translate: (zh: string) => string): DictItem[] {
  return items.map((item) => ({ ...item, text: translate(item.text) }));
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
