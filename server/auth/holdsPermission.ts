import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Grantee } from './userPermissions.js';

/**
 * Which of these button permission codes a user holds through an enabled role of the tenant they act in, the code's row
 * enabled and not deleted: the same test the access hook applies to a route's declared permission (identify.ts), for
 * routes whose permission depends on the request (a table dictionary needs its model's list code; an entry of the
 * recycle bin or the change log, its model's).
 */
export async function heldPermissions(db: Kysely<Database>, grantee: Grantee, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .innerJoin('sysRolePermission as rp', 'rp.roleId', 'ur.roleId')
    .innerJoin('sysPermission as p', 'p.id', 'rp.permissionId')
    .select('p.perms')
    .distinct()
    .where('ur.userId', '=', grantee.userId)
    .where('r.tenantId', '=', grantee.tenantId)
    .where('r.status', '=', 1)
    .where('p.perms', 'in', [...new Set(codes)])
    .where('p.status', '=', '1')
    .where('p.delFlag', '=', 0)
    .execute();
  return new Set(rows.map((row) => String(row.perms)));
}

/** Whether a user holds one button permission code (heldPermissions). */
export async function holdsPermission(db: Kysely<Database>, grantee: Grantee, code: string): Promise<boolean> {
  return (await heldPermissions(db, grantee, [code])).has(code);
}
