import type { Kysely } from 'kysely';
import { newId } from '../db/ids.js';
import type { Database } from '../db/schema.js';

export type SecurityEvent =
  | 'login.success'
  | 'login.failure'
  | 'login.locked'
  | 'login.frozen'
  | 'logout'
  | 'password.changed'
  | 'auth.rejected'
  | 'permission.denied'
  | 'tenant.mismatch'
  | 'identifier.refused'
  | 'self.mismatch'
  | 'admin.bootstrap'
  | 'business.token'
  | 'session.forced'
  | 'role.authorized';

export interface SecurityLogEntry {
  event: SecurityEvent;
  userId?: string | null;
  username?: string | null;
  ip?: string | null;
  requestId?: string | null;
  /** never a password, token or ID-card number */
  detail?: string | null;
}

/** Writes one security event. Failing to log must not fail the request it describes. */
export async function logSecurityEvent(db: Kysely<Database>, entry: SecurityLogEntry, onError?: (e: unknown) => void): Promise<void> {
  try {
    await db
      .insertInto('sysSecurityLog')
      .values({
        id: newId(),
        time: Date.now(),
        event: entry.event,
        userId: entry.userId ?? null,
        username: entry.username?.slice(0, 64) ?? null,
        ip: entry.ip?.slice(0, 64) ?? null,
        requestId: entry.requestId ?? null,
        detail: entry.detail?.slice(0, 1000) ?? null,
      })
      .execute();
  } catch (error) {
    onError?.(error);
  }
}
