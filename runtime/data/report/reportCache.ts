/** spec 000 §7 / 001 §7: a report's data is kept 30 s on the client when its caller names a group id */
export const REPORT_CACHE_MS = 30_000;

interface Entry {
  at: number;
  value: Promise<unknown>;
}

/**
 * Answers of getData kept per group id for 30 s: the report popups of one form (a group) share them, so
 * reopening a picker does not ask again. A failed request is forgotten at once; `clear(group)` drops a
 * group (after the user changed what the group shows).
 *
 * @example
 * const cache = createReportCache();
 * const page = await cache.read('sampleForm', url, () => http.get(url, query));
 */
export interface ReportCache {
  read<T>(groupId: string, key: string, load: () => Promise<T>): Promise<T>;
  clear(groupId?: string): void;
}

export function createReportCache(now: () => number = Date.now): ReportCache {
  const groups = new Map<string, Map<string, Entry>>();
  return {
    read<T>(groupId: string, key: string, load: () => Promise<T>): Promise<T> {
      const group = groups.get(groupId) ?? new Map<string, Entry>();
      groups.set(groupId, group);
      const time = now();
      for (const [k, entry] of group) if (time - entry.at >= REPORT_CACHE_MS) group.delete(k);
      const kept = group.get(key);
      if (kept) return kept.value as Promise<T>;
      const value = load();
      group.set(key, { at: time, value });
      value.catch(() => group.get(key)?.value === value && group.delete(key));
      return value;
    },
    clear(groupId) {
      if (groupId === undefined) groups.clear();
      else groups.delete(groupId);
    },
  };
}

/** One cache per page load: every report provider with a group id reads through it. */
export const sharedReportCache = createReportCache();
