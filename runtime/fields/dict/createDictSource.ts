import type { HttpClient } from '../../data/HttpClient';
import { toDictOptionMap, type DictOption, type DictSource } from './DictSource';

export const ALL_DICT_ITEMS_URL = '/sys/dict/queryAllDictItems';

/**
 * The default dictionary source: one GET of every enabled dictionary per instance, shared by all
 * widgets. A failed load is forgotten so the next widget retries.
 */
export function createDictSource(http: HttpClient): DictSource {
  let loaded: Map<string, DictOption[]> | undefined;
  let pending: Promise<Map<string, DictOption[]>> | undefined;

  const load = (): Promise<Map<string, DictOption[]>> => {
    pending ??= http
      .get<Record<string, never[]>>(ALL_DICT_ITEMS_URL)
      .then((response) => (loaded = toDictOptionMap(response.data)))
      .catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
    return pending;
  };

  return {
    async options(code) {
      return (await load()).get(code) ?? [];
    },
    peek(code) {
      return loaded ? (loaded.get(code) ?? []) : undefined;
    },
  };
}

/**
 * A source over dictionaries the caller already holds (the shell's cached sysAllDictItems, test fixtures).
 *
 * @example
 * const dicts = staticDictSource({ enabled_state: [{ value: '1', text: '启用', color: 'green' }] });
 */
export function staticDictSource(all: Record<string, { value?: unknown; text?: unknown; color?: unknown }[]>): DictSource {
  const map = toDictOptionMap(all);
  return {
    options: async (code) => map.get(code) ?? [],
    peek: (code) => map.get(code) ?? [],
  };
}
