/**
 * Values derived from a table's rows and expensive to derive again (exact list totals, deep-page
 * anchors), cached until the table changes:
 * - every write through the engine bumps its table's generation, and an entry derived under an older
 *   generation is never served (a computation that raced a write is discarded, not stored);
 * - a TTL bounds how stale a value can be after writes the engine did not see (another server behind
 *   the load balancer, a script on the database): past it, get() no longer serves the value, and
 *   obtain() answers with it once more while deriving it again in the background. Writes the engine saw
 *   are handled by the generation, so only those unseen writes can be that late; without this, every
 *   caller of a big table's list waited for its recount each TTL (a 250,000-match total at 1M rows
 *   takes a second to count: the whole list stalled every 30 s);
 * - concurrent requests for the same missing value share one computation (no stampede of scans);
 * - the map is bounded; the oldest entries go first.
 * Caches of one app share one TableGenerations, so a write invalidates all of them. Instances only:
 * tests and several apps in one process never share anything.
 */
export interface TableGenerations {
  of(table: string): number;
  /** a write to the table happened: everything derived from it is stale */
  bump(table: string): void;
}

export function createTableGenerations(): TableGenerations {
  const generations = new Map<string, number>();
  return {
    of: (table) => generations.get(table) ?? 0,
    bump: (table) => void generations.set(table, (generations.get(table) ?? 0) + 1),
  };
}

export interface TableCache<T> {
  /** the cached value, or undefined */
  get(table: string, key: string): T | undefined;
  /** the value of the table's current generation, and whether it is within its TTL (obtain() refreshes one that is not) */
  lookup(table: string, key: string): { value: T; fresh: boolean } | undefined;
  /** store a value derived under `generation` (ignored when the table changed since) */
  remember(table: string, key: string, value: T, generation: number): void;
  /**
   * the cached value, else runs derive() once for all concurrent callers and caches its result; a value
   * past its TTL (same generation) is answered at once while derive() refreshes it
   */
  obtain(table: string, key: string, derive: () => Promise<T>): Promise<T>;
}

export interface TableCacheOptions {
  generations: TableGenerations;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

interface Entry<T> {
  value: T;
  generation: number;
  at: number;
}

export function createTableCache<T>(options: TableCacheOptions): TableCache<T> {
  const { generations } = options;
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 5_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<T>>();
  const inFlight = new Map<string, Promise<T>>();
  const entryKey = (table: string, key: string) => `${table}\u0000${key}`;

  /** the entry of the table's current generation, fresh or past its TTL */
  function current(table: string, key: string): Entry<T> | undefined {
    const k = entryKey(table, key);
    const entry = entries.get(k);
    if (!entry) return undefined;
    if (entry.generation !== generations.of(table)) {
      entries.delete(k);
      return undefined;
    }
    return entry;
  }

  function get(table: string, key: string): T | undefined {
    const entry = current(table, key);
    return entry && now() - entry.at <= ttlMs ? entry.value : undefined;
  }

  /** derive() once for all concurrent callers; its value is stored unless the table changed meanwhile */
  function derived(table: string, key: string, derive: () => Promise<T>): Promise<T> {
    const generation = generations.of(table);
    const k = `${entryKey(table, key)}\u0000${generation}`;
    let pending = inFlight.get(k);
    if (!pending) {
      pending = derive().finally(() => inFlight.delete(k));
      inFlight.set(k, pending);
      pending.then(
        (value) => remember(table, key, value, generation),
        // a failed refresh drops the stale value: the next caller derives it and sees the error
        () => entries.delete(entryKey(table, key)),
      );
    }
    return pending;
  }

  function remember(table: string, key: string, value: T, generation: number): void {
    if (generation !== generations.of(table)) return;
    const k = entryKey(table, key);
    entries.delete(k);
    entries.set(k, { value, generation, at: now() });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  }

  return {
    get,
    lookup(table, key) {
      const entry = current(table, key);
      return entry && { value: entry.value, fresh: now() - entry.at <= ttlMs };
    },
    remember,
    async obtain(table, key, derive) {
      const entry = current(table, key);
      if (entry && now() - entry.at <= ttlMs) return entry.value;
      const pending = derived(table, key, derive);
      if (!entry) return pending;
      pending.catch(() => {});
      return entry.value;
    },
  };
}
