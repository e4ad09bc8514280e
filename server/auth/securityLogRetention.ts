import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

const DAY_MS = 24 * 3600_000;

export interface SecurityLogRetention {
  /** deletes the rows whose last occurrence is older than the retention; resolves to how many */
  prune(): Promise<number>;
  stop(): void;
}

/**
 * The security log is kept for a bounded time (CLOUDLAB_SECURITY_LOG_DAYS, default 90): pruned once
 * at start and then periodically, so the table's size follows the retention, not the server's age.
 */
export function startSecurityLogRetention(
  db: Kysely<Database>,
  options: { days: number; everyMs?: number; now?: () => number; onError?: (error: unknown) => void },
): SecurityLogRetention {
  const now = options.now ?? Date.now;
  async function prune(): Promise<number> {
    const before = now() - options.days * DAY_MS;
    // time is indexed; an aggregated row is kept while its last occurrence is within the retention
    const result = await db
      .deleteFrom('sysSecurityLog')
      .where('time', '<', before)
      .where((eb) => eb.or([eb('lastTime', 'is', null), eb('lastTime', '<', before)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
  const run = () => void prune().catch((error: unknown) => options.onError?.(error));
  run();
  const timer = setInterval(run, options.everyMs ?? 6 * 3600_000);
  timer.unref();
  return { prune, stop: () => clearInterval(timer) };
}
