import type { Lang } from '../../runtime/model/types.js';
import type { DictCache, DictItem } from '../dict/dictCache.js';
import { itemTextIn } from '../dict/dictOptions.js';
import type { Translate } from '../i18n/translateText.js';
import type { CompiledField } from './compileModel.js';

export type Row = Record<string, unknown>;

/**
 * Adds <field>_dictText to rows for every dictionary field they carry. The value->text maps are
 * built once per dictionary snapshot (the cache hands out the same array until it reloads), not
 * once per request.
 */
export function createDictTexts(dicts: DictCache, translate: Translate) {
  const maps = new WeakMap<DictItem[], Map<string, DictItem>>();

  function itemMap(items: DictItem[]): Map<string, DictItem> {
    let map = maps.get(items);
    if (!map) {
      map = new Map(items.map((i) => [i.value, i]));
      maps.set(items, map);
    }
    return map;
  }

  return async function toDictText<T extends Row>(rows: T[], fields: CompiledField[], lang: Lang): Promise<T[]> {
    const present = rows.length === 0 ? [] : fields.filter((f) => f.name in rows[0]!);
    for (const field of present) {
      const map = itemMap(await dicts.items(field.def.dict!));
      const key = `${field.name}_dictText`;
      for (const row of rows) {
        const value = row[field.name];
        const item = value === null || value === undefined ? undefined : map.get(String(value));
        (row as Row)[key] = item !== undefined ? itemTextIn(item, lang, translate) : value === null || value === undefined ? '' : String(value);
      }
    }
    return rows;
  };
}

export type ToDictText = ReturnType<typeof createDictTexts>;
