import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Grantee } from './userPermissions.js';

/**
 * Whether a user holds a button permission code through an enabled role of the tenant they act in, the code's row enabled and
 * not deleted: the same test the access hook applies to a route's declared permission (identify.ts),
 * for routes whose permission depends on the request (a table dictionary needs its model's list code).
 */
export async function holdsPermission(db: Kysely<Database>, grantee: Grantee, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .innerJoin('sysRolePermission as rp', 'rp.roleId', 'ur.roleId')
    .innerJoin('sysPermission as p', 'p.id', 'rp.permissionId')
    .select('p.id')
    .where('ur.userId', '=', grantee.userId)
    .where('r.tenantId', '=', grantee.tenantId)
    .where('r.status', '=', 1)
    .where('p.perms', '=', code)
    .where('p.status', '=', '1')
    .where('p.delFlag', '=', 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
