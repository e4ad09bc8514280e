import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { appError } from '../errors.js';
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
}

/**
 * Replaces a user's password after checking the old one, then ends the user's other sessions, in
 * one transaction. Cheap checks run before the scrypt ones. Returns how many sessions were ended.
 */
export async function changeOwnPassword(db: Kysely<Database>, change: OwnPasswordChange, now = Date.now()): Promise<number> {
  if (change.newPassword !== change.confirmPassword) throw appError('CL_ERR_PASSWORD_MISMATCH');
  const weak = passwordPolicyError(change.newPassword, change.minLength);
  if (weak) throw weak;
  const user = await db
    .selectFrom('sysUser')
    .select(['password', 'salt'])
    .where('id', '=', change.userId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!user || !(await verifyPassword(change.oldPassword, user))) throw appError('CL_ERR_PASSWORD_OLD_WRONG');
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
