/**
 * Values derived from a table's rows and expensive to derive again (exact list totals, deep-page
 * anchors), cached until the table changes:
 * - every write through the engine bumps its table's generation, and an entry derived under an older
 *   generation is never served (a computation that raced a write is discarded, not stored);
 * - a TTL bounds how stale a value can be after writes the engine did not see (another server behind
 *   the load balancer, a script on the database);
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
  /** store a value derived under `generation` (ignored when the table changed since) */
  remember(table: string, key: string, value: T, generation: number): void;
  /** the cached value, else runs derive() once for all concurrent callers and caches its result */
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

  function get(table: string, key: string): T | undefined {
    const k = entryKey(table, key);
    const entry = entries.get(k);
    if (!entry) return undefined;
    if (entry.generation !== generations.of(table) || now() - entry.at > ttlMs) {
      entries.delete(k);
      return undefined;
    }
    return entry.value;
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
    remember,
    async obtain(table, key, derive) {
      const cached = get(table, key);
      if (cached !== undefined) return cached;
      const generation = generations.of(table);
      const k = `${entryKey(table, key)}\u0000${generation}`;
      let pending = inFlight.get(k);
      if (!pending) {
        pending = derive().finally(() => inFlight.delete(k));
        inFlight.set(k, pending);
        pending.then((value) => remember(table, key, value, generation)).catch(() => {});
      }
      return pending;
    },
  };
}
