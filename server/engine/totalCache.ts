/**
 * Exact list totals, cached. A count(*) over the whole filtered set scans every matching row; on
 * SQLite it also blocks the event loop while it does. Paging through a list repeats the same
 * filter, so the total is counted once and reused until the table changes:
 * - every write through the engine bumps its table's generation, and an entry counted under an
 *   older generation is never served (a count that raced a write is discarded, not stored);
 * - a TTL bounds how stale a total can be after writes the engine did not see (another server
 *   behind the load balancer, a script on the database);
 * - concurrent requests for the same uncached total share one count (no stampede of scans);
 * - the map is bounded; the oldest entries go first.
 * One instance per app, so tests and several apps in one process never share totals.
 */
export interface TotalCache {
  /** the cached total, or undefined */
  get(table: string, key: string): number | undefined;
  /** a total learnt without counting (a short last page) */
  remember(table: string, key: string, total: number, generation: number): void;
  /** the cached total, else runs count() once for all concurrent callers and caches it */
  count(table: string, key: string, count: () => Promise<number>): Promise<number>;
  generation(table: string): number;
  /** a write to the table happened: forget its totals */
  bump(table: string): void;
}

interface Entry {
  total: number;
  generation: number;
  at: number;
}

export interface TotalCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export function createTotalCache(options: TotalCacheOptions = {}): TotalCache {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 5_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<number>>();
  const generations = new Map<string, number>();

  const generation = (table: string) => generations.get(table) ?? 0;
  const entryKey = (table: string, key: string) => `${table}\u0000${key}`;

  function store(k: string, total: number, gen: number): void {
    entries.delete(k);
    entries.set(k, { total, generation: gen, at: now() });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  }

  function get(table: string, key: string): number | undefined {
    const k = entryKey(table, key);
    const entry = entries.get(k);
    if (!entry) return undefined;
    if (entry.generation !== generation(table) || now() - entry.at > ttlMs) {
      entries.delete(k);
      return undefined;
    }
    return entry.total;
  }

  function remember(table: string, key: string, total: number, gen: number): void {
    if (gen === generation(table)) store(entryKey(table, key), total, gen);
  }

  return {
    get,
    generation,
    remember,
    async count(table, key, count) {
      const cached = get(table, key);
      if (cached !== undefined) return cached;
      const gen = generation(table);
      const k = `${entryKey(table, key)}\u0000${gen}`;
      let pending = inFlight.get(k);
      if (!pending) {
        pending = count().finally(() => inFlight.delete(k));
        inFlight.set(k, pending);
        pending.then((total) => remember(table, key, total, gen)).catch(() => {});
      }
      return pending;
    },
    bump(table) {
      generations.set(table, generation(table) + 1);
    },
  };
}
