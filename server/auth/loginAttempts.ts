import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** How many failures in a row lock an account name, and for how long (also the window failures count in). */
export interface LockoutPolicy {
  maxFailures: number;
  lockMs: number;
}

/** The counter is keyed by what was typed, so an unknown name locks exactly like a real one. */
export function loginAccount(username: string): string {
  return `login:${username.trim().toLowerCase()}`;
}

export function passwordChangeAccount(userId: string): string {
  return `password:${userId}`;
}

export interface Reservation {
  account: string;
  /** this attempt's place in the current run of failures (1 = the first) */
  failCount: number;
  /** refused before any password is checked: the account name is locked */
  locked: boolean;
}

/**
 * Counts this attempt as a failure before the password is checked, in one statement, so parallel
 * attempts each get their own number: of 25 parallel guesses only the first `maxFailures` are checked
 * and the rest are refused as locked. A lock that has run out, or failures older than the lock time,
 * start a new run at 1. `succeeded` clears the run; `failed` locks when this was the last allowed try.
 */
export async function reserveAttempt(db: Kysely<Database>, account: string, policy: LockoutPolicy, now = Date.now()): Promise<Reservation> {
  const staleBefore = now - policy.lockMs;
  const row = await db
    .insertInto('sysLoginAttempt')
    .values({ account, failCount: 1, lockedUntil: null, lastFailureAt: now })
    .onConflict((oc) =>
      oc.column('account').doUpdateSet({
        failCount: sql<number>`case
          when sys_login_attempt.locked_until <= ${now} then 1
          when sys_login_attempt.locked_until is null and sys_login_attempt.last_failure_at <= ${staleBefore} then 1
          else sys_login_attempt.fail_count + 1 end`,
        lockedUntil: sql<number | null>`case when sys_login_attempt.locked_until <= ${now} then null else sys_login_attempt.locked_until end`,
        lastFailureAt: now,
      }),
    )
    .returning(['failCount', 'lockedUntil'])
    .executeTakeFirstOrThrow();
  const failCount = Number(row.failCount);
  const lockedUntil = row.lockedUntil === null ? null : Number(row.lockedUntil);
  if (lockedUntil !== null && lockedUntil > now) return { account, failCount, locked: true };
  if (failCount > policy.maxFailures) {
    await lock(db, account, policy, now);
    return { account, failCount, locked: true };
  }
  return { account, failCount, locked: false };
}

/** The password was right: the run of failures ends. */
export async function attemptSucceeded(db: Kysely<Database>, reservation: Reservation): Promise<void> {
  await db.deleteFrom('sysLoginAttempt').where('account', '=', reservation.account).execute();
}

/** The password was wrong (the reservation already counted it). Returns whether the account name is now locked. */
export async function attemptFailed(db: Kysely<Database>, reservation: Reservation, policy: LockoutPolicy, now = Date.now()): Promise<boolean> {
  if (reservation.failCount < policy.maxFailures) return false;
  await lock(db, reservation.account, policy, now);
  return true;
}

async function lock(db: Kysely<Database>, account: string, policy: LockoutPolicy, now: number): Promise<void> {
  // only a missing or expired lock is set: a parallel attempt must not extend a lock already running
  await db
    .updateTable('sysLoginAttempt')
    .set({ lockedUntil: now + policy.lockMs })
    .where('account', '=', account)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', now)]))
    .execute();
}
