import type { Kysely } from 'kysely';
import { newId } from '../db/ids.js';
import type { Database } from '../db/schema.js';
import type { SecurityEvent } from './securityLog.js';

/** One anonymous rejected request (no user known): what the security log keeps of it. */
export interface Rejection {
  event: SecurityEvent;
  ip: string;
  requestId: string;
  detail: string;
}

export interface RejectionLogOptions {
  /** one row per address and kind per window (default one minute) */
  windowMs?: number;
  /** rows one address may start per hour; past it, its rejections count on its latest row */
  rowsPerAddressPerHour?: number;
  /** addresses tracked at once; past it, new ones share one row per kind and window (address '*') */
  maxKeys?: number;
  /** counts are written this often (and on flush/close) */
  flushEveryMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

interface Tally {
  key: string;
  window: number;
  /** the row's insert, started at the first occurrence (a flush waits for it) */
  inserted: Promise<boolean>;
  id: string;
  /** occurrences not yet added to the row */
  pending: number;
  lastTime: number;
}

interface AddressQuota {
  hour: number;
  rows: number;
  latest: Tally | null;
}

export interface RejectionLog {
  record(rejection: Rejection): void;
  /** writes every pending count; resolves when the rows show every rejection recorded so far */
  flush(): Promise<void>;
  close(): Promise<void>;
}

const HOUR_MS = 3600_000;
const OVERFLOW_ADDRESS = '*';

/**
 * Anonymous rejections (a missing or bad token on an API path) are the one security event a client
 * can cause without limit. Logging each as a row let one client fill the disk (about 1.8 GB an
 * hour), so they are aggregated: the first of an address and kind in a window writes a row at once
 * (with that request's id and detail), later ones only count, and the counts reach the row in one
 * update per row per flush. Rows per address and memory are capped, so neither grows with the flood.
 */
export function createRejectionLog(db: Kysely<Database>, options: RejectionLogOptions = {}): RejectionLog {
  const windowMs = options.windowMs ?? 60_000;
  const rowsPerHour = options.rowsPerAddressPerHour ?? 120;
  const maxKeys = options.maxKeys ?? 10_000;
  const now = options.now ?? Date.now;
  const onError = options.onError ?? (() => {});
  const tallies = new Map<string, Tally>();
  const quotas = new Map<string, AddressQuota>();
  let flushing: Promise<void> = Promise.resolve();

  function insert(id: string, rejection: Rejection, time: number): Promise<boolean> {
    return db
      .insertInto('sysSecurityLog')
      .values({
        id,
        time,
        event: rejection.event,
        userId: null,
        username: null,
        ip: rejection.ip.slice(0, 64),
        requestId: rejection.requestId,
        detail: rejection.detail.slice(0, 1000),
        lastTime: time,
      })
      .execute()
      .then(
        () => true,
        (error: unknown) => {
          onError(error);
          return false;
        },
      );
  }

  function quotaOf(ip: string, time: number): AddressQuota {
    const hour = Math.floor(time / HOUR_MS);
    let quota = quotas.get(ip);
    if (!quota || quota.hour !== hour) quotas.set(ip, (quota = { hour, rows: 0, latest: null }));
    return quota;
  }

  function record(rejection: Rejection): void {
    const time = now();
    const window = Math.floor(time / windowMs);
    const ip = quotas.has(rejection.ip) || quotas.size < maxKeys ? rejection.ip : OVERFLOW_ADDRESS;
    const key = `${window}|${rejection.event}|${ip}`;
    const known = tallies.get(key);
    if (known) {
      known.pending += 1;
      known.lastTime = time;
      return;
    }
    const quota = quotaOf(ip, time);
    if (quota.rows >= rowsPerHour && quota.latest) {
      const latest = quota.latest;
      latest.pending += 1;
      latest.lastTime = time;
      // its window may be over and the tally dropped after a flush: it is counted on all the same
      tallies.set(latest.key, latest);
      return;
    }
    const id = newId();
    const tally: Tally = { key, window, inserted: insert(id, { ...rejection, ip }, time), id, pending: 0, lastTime: time };
    tallies.set(key, tally);
    quota.rows += 1;
    quota.latest = tally;
  }

  async function writeCounts(): Promise<void> {
    const current = Math.floor(now() / windowMs);
    const hour = Math.floor(now() / HOUR_MS);
    for (const [key, tally] of [...tallies]) {
      // a tally of a past window takes no more occurrences (unless it is an address's capped row)
      if (tally.window < current && tally.pending === 0) tallies.delete(key);
      if (tally.pending === 0) continue;
      const count = tally.pending;
      tally.pending = 0;
      if (!(await tally.inserted)) continue;
      try {
        await db
          .updateTable('sysSecurityLog')
          .set((eb) => ({ occurrences: eb('occurrences', '+', count), lastTime: tally.lastTime }))
          .where('id', '=', tally.id)
          .execute();
      } catch (error) {
        onError(error);
      }
    }
    for (const [ip, quota] of quotas) if (quota.hour < hour) quotas.delete(ip);
  }

  async function flush(): Promise<void> {
    // one flush at a time: counts taken by a running flush are written before the next one starts
    flushing = flushing.then(async () => {
      await writeCounts();
      await Promise.all([...tallies.values()].map((t) => t.inserted));
    });
    return flushing;
  }

  const timer = setInterval(() => void flush(), options.flushEveryMs ?? 5_000);
  timer.unref();

  return {
    record,
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
