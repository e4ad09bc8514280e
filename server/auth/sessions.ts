import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { hashToken, newToken } from './tokens.js';

export interface SessionPolicy {
  lifetimeMs: number;
  idleMs: number;
}

/** Who is calling, as decided once per request by identify.ts. */
export interface SessionUser {
  sessionId: string;
  userId: string;
  username: string;
  realname: string;
  orgCode: string | null;
  mustChangePassword: boolean;
}

export type RevokeReason = 'logout' | 'password' | 'forced' | 'disabled' | 'replaced';

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

export async function revokeSession(db: Kysely<Database>, sessionId: string, reason: RevokeReason, now = Date.now()): Promise<void> {
  await db.updateTable('sysSession').set({ revokedAt: now, revokeReason: reason }).where('id', '=', sessionId).where('revokedAt', 'is', null).execute();
}

/** Ends every live session of a user (password change, disabling, forced offline), optionally keeping one. */
export async function revokeUserSessions(
  db: Kysely<Database>,
  userId: string,
  reason: RevokeReason,
  keepSessionId?: string,
  now = Date.now(),
): Promise<number> {
  let query = db.updateTable('sysSession').set({ revokedAt: now, revokeReason: reason }).where('userId', '=', userId).where('revokedAt', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
