/** One item of a dictionary, as the widgets use it. */
export interface DictOption {
  value: string;
  text: string;
  color?: string;
}

/**
 * Where dictionary widgets (DictSelect, DictRadio, DictTag) get their items. The runtime's default reads
 * GET /sys/dict/queryAllDictItems once; the shell may pass its own source over the cached sysAllDictItems.
 */
export interface DictSource {
  /** items of one dictionary code, in sort order; an unknown code gives [] */
  options(code: string): Promise<DictOption[]>;
  /** the items when they are already loaded, so widgets render them without a loading flash */
  peek?(code: string): DictOption[] | undefined;
}

type RawDictItem = { value?: unknown; itemValue?: unknown; text?: unknown; itemText?: unknown; label?: unknown; title?: unknown; color?: unknown };

/** Accepts every spelling the spec names for a dictionary item (value/text, itemValue/itemText, label, title). */
export function toDictOption(item: RawDictItem): DictOption {
  const value = item.value ?? item.itemValue ?? '';
  const text = item.text ?? item.itemText ?? item.label ?? item.title ?? value;
  const option: DictOption = { value: String(value), text: String(text) };
  if (typeof item.color === 'string' && item.color !== '') option.color = item.color;
  return option;
}

/** sysAllDictItems (code -> raw items) as a map of DictOption lists */
export function toDictOptionMap(all: Record<string, RawDictItem[] | undefined> | null | undefined): Map<string, DictOption[]> {
  const map = new Map<string, DictOption[]>();
  for (const [code, items] of Object.entries(all ?? {})) map.set(code, (items ?? []).map(toDictOption));
  return map;
}
