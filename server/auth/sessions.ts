import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { appError, type AppError } from '../errors.js';
import { hashToken, newToken } from './tokens.js';

export interface SessionPolicy {
  lifetimeMs: number;
  idleMs: number;
}

/** Who is calling, as decided once per request by verifySession. */
export interface SessionUser {
  sessionId: string;
  userId: string;
  username: string;
  realname: string;
  orgCode: string | null;
  mustChangePassword: boolean;
}

export type RevokeReason = 'logout' | 'password' | 'forced' | 'disabled' | 'replaced';

// last_seen_at is written at most once a minute per session so that reads stay reads.
const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  db: Kysely<Database>,
  userId: string,
  policy: SessionPolicy,
  meta: { ip?: string; userAgent?: string },
  now = Date.now(),
): Promise<{ token: string; expiresAt: number }> {
  const token = newToken();
  const expiresAt = now + policy.lifetimeMs;
  await db
    .insertInto('sysSession')
    .values({
      id: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      revokedAt: null,
      revokeReason: null,
      ip: meta.ip?.slice(0, 64) ?? null,
      userAgent: meta.userAgent?.slice(0, 255) ?? null,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The one function that decides identity (security.md §1): token known, not expired, not idle too
 * long, not revoked, user neither deleted nor frozen. Returns the caller or the reason as an AppError.
 */
export async function verifySession(
  db: Kysely<Database>,
  token: string,
  policy: SessionPolicy,
  now = Date.now(),
): Promise<SessionUser | AppError> {
  const sessionId = hashToken(token);
  const row = await db
    .selectFrom('sysSession as s')
    .innerJoin('sysUser as u', 'u.id', 's.userId')
    .select([
      's.userId',
      's.lastSeenAt',
      's.expiresAt',
      's.revokedAt',
      's.revokeReason',
      'u.username',
      'u.realname',
      'u.orgCode',
      'u.status',
      'u.delFlag',
      'u.mustChangePassword',
    ])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
  if (!row) return appError('CL_ERR_AUTH_TOKEN_INVALID');
  if (row.revokedAt !== null) {
    return row.revokeReason === 'forced' || row.revokeReason === 'replaced' || row.revokeReason === 'disabled'
      ? appError('CL_ERR_AUTH_SIGNED_OUT')
      : appError('CL_ERR_AUTH_TOKEN_INVALID');
  }
  if (row.delFlag !== 0 || row.status !== 1) return appError('CL_ERR_AUTH_SIGNED_OUT');
  if (row.expiresAt <= now || row.lastSeenAt + policy.idleMs <= now) return appError('CL_ERR_AUTH_TOKEN_EXPIRED');
  if (now - row.lastSeenAt > TOUCH_EVERY_MS) {
    await db.updateTable('sysSession').set({ lastSeenAt: now }).where('id', '=', sessionId).execute();
  }
  return {
    sessionId,
    userId: row.userId,
    username: row.username,
    realname: row.realname,
    orgCode: row.orgCode,
    mustChangePassword: row.mustChangePassword === 1,
  };
}

export async function revokeSession(db: Kysely<Database>, sessionId: string, reason: RevokeReason, now = Date.now()): Promise<void> {
  await db
    .updateTable('sysSession')
    .set({ revokedAt: now, revokeReason: reason })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Ends every live session of a user (password change, disabling, forced offline), optionally keeping one. */
export async function revokeUserSessions(
  db: Kysely<Database>,
  userId: string,
  reason: RevokeReason,
  keepSessionId?: string,
  now = Date.now(),
): Promise<number> {
  let query = db
    .updateTable('sysSession')
    .set({ revokedAt: now, revokeReason: reason })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
