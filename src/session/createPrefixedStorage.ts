import { STORAGE_PREFIX } from '../app/constants';

/**
 * JSON values under prefixed keys ('cloudlab__' + name) with an optional lifetime. An entry is stored as
 * {value, expire} (epoch ms, null = no expiry); an expired entry reads as null and is removed on read.
 */
export interface PrefixedStorage {
  get<T>(name: string): T | null;
  set(name: string, value: unknown, ttlMs?: number): void;
  remove(name: string): void;
}

interface Entry {
  value: unknown;
  expire: number | null;
}

export function createPrefixedStorage(storage: Storage, now: () => number = Date.now): PrefixedStorage {
  const keyOf = (name: string) => `${STORAGE_PREFIX}${name}`;
  return {
    get<T>(name: string): T | null {
      const raw = storage.getItem(keyOf(name));
      if (raw === null) return null;
      try {
        const entry = JSON.parse(raw) as Entry;
        if (entry.expire !== null && entry.expire <= now()) {
          storage.removeItem(keyOf(name));
          return null;
        }
        return (entry.value ?? null) as T | null;
      } catch {
        // a value another version of the app wrote in a shape we do not know: forget it
        storage.removeItem(keyOf(name));
        return null;
      }
    },
    set(name, value, ttlMs) {
      const entry: Entry = { value, expire: ttlMs === undefined ? null : now() + ttlMs };
      storage.setItem(keyOf(name), JSON.stringify(entry));
    },
    remove(name) {
      storage.removeItem(keyOf(name));
    },
  };
}
