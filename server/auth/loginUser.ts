import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The sub-account sign-in format (spec 000 §6, 001 §6): `mobile@account`, the mobile number of a
 * sub-account and the username of its main account. Usernames are letters and digits only, so the
 * form never collides with a plain username.
 */
const SUB_ACCOUNT = /^(\d{5,20})@([A-Za-z0-9]{1,64})$/;

/**
 * The account a sign-in name designates: a username, or `mobile@account` — the one user (not deleted)
 * with that mobile number who shares a tenant with the main account `account` (the main account itself
 * excluded). Anything else designates nobody, answered exactly like an unknown username. `lockKey`
 * is the account whose failed attempts are counted, so alternating both forms cannot dodge the lockout.
 */
export async function findLoginUser(db: Kysely<Database>, typed: string) {
  const sub = SUB_ACCOUNT.exec(typed);
  if (!sub) {
    const user = await db.selectFrom('sysUser').selectAll().where('username', '=', typed).where('delFlag', '=', 0).executeTakeFirst();
    return { user, lockKey: typed };
  }
  const [, mobile, account] = sub;
  const { rows } = await sql<{ id: string }>`select u.id from sys_user u
    where u.phone = ${mobile} and u.del_flag = 0 and u.username <> ${account}
      and exists (select 1 from sys_user_tenant mine join sys_user_tenant main on main.tenant_id = mine.tenant_id
                  join sys_user m on m.id = main.user_id
                  where mine.user_id = u.id and m.username = ${account} and m.del_flag = 0)
    limit 2`.execute(db);
  // two users with one mobile number under one main account: ambiguous, so nobody
  if (rows.length !== 1) return { user: undefined, lockKey: typed };
  const user = await db.selectFrom('sysUser').selectAll().where('id', '=', rows[0]!.id).executeTakeFirst();
  return { user, lockKey: user?.username ?? typed };
}
