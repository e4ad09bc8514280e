import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { appError } from '../errors.js';
import { attemptFailed, attemptSucceeded, passwordChangeAccount, reserveAttempt, type LockoutPolicy } from './loginAttempts.js';
import { passwordPolicyError } from './passwordPolicy.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { revokeUserSessions } from './sessions.js';

export interface OwnPasswordChange {
  userId: string;
  /** the caller's session: it stays alive, every other session of the user ends */
  sessionId: string;
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  minLength: number;
  /** wrong old passwords per user lock the change like failed sign-ins lock an account name */
  lockout: LockoutPolicy;
}

/**
 * Replaces a user's password after checking the old one, then ends the user's other sessions, in
 * one transaction. Cheap checks run before the scrypt ones. Returns how many sessions were ended.
 */
export async function changeOwnPassword(db: Kysely<Database>, change: OwnPasswordChange, now = Date.now()): Promise<number> {
  if (change.newPassword !== change.confirmPassword) throw appError('CL_ERR_PASSWORD_MISMATCH');
  const weak = passwordPolicyError(change.newPassword, change.minLength);
  if (weak) throw weak;
  const user = await db.selectFrom('sysUser').select(['password', 'salt']).where('id', '=', change.userId).where('delFlag', '=', 0).executeTakeFirst();
  // per user, not only per address: a stolen session must not probe the old password from many addresses
  const attempt = await reserveAttempt(db, passwordChangeAccount(change.userId), change.lockout, now);
  const minutes = Math.ceil(change.lockout.lockMs / 60_000);
  if (attempt.locked) throw appError('CL_ERR_PASSWORD_CHANGE_LOCKED', { minutes });
  if (!user || !(await verifyPassword(change.oldPassword, user))) {
    const locks = await attemptFailed(db, attempt, change.lockout, now);
    throw locks ? appError('CL_ERR_PASSWORD_CHANGE_LOCKED', { minutes }) : appError('CL_ERR_PASSWORD_OLD_WRONG');
  }
  await attemptSucceeded(db, attempt);
  if (change.newPassword === change.oldPassword) throw appError('CL_ERR_PASSWORD_SAME');
  const hash = await hashPassword(change.newPassword);
  return db.transaction().execute(async (trx) => {
    // conditional on the hash we verified: of two concurrent changes only the first wins
    const updated = await trx
      .updateTable('sysUser')
      .set({ password: hash.password, salt: hash.salt, mustChangePassword: 0, passwordChangedAt: now })
      .where('id', '=', change.userId)
      .where('password', '=', user.password)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw appError('CL_ERR_PASSWORD_OLD_WRONG');
    return revokeUserSessions(trx, change.userId, 'password', change.sessionId, now);
  });
}
