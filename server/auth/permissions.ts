import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Whether a user holds an enabled permission code through an enabled role. One indexed query;
 * deliberately uncached so that a revoked grant takes effect on the very next request.
 */
export async function hasPermission(db: Kysely<Database>, userId: string, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .innerJoin('sysRolePermission as rp', 'rp.roleId', 'ur.roleId')
    .innerJoin('sysPermission as p', 'p.id', 'rp.permissionId')
    .select('p.id')
    .where('ur.userId', '=', userId)
    .where('r.status', '=', 1)
    .where('p.perms', '=', code)
    .where('p.status', '=', '1')
    .where('p.delFlag', '=', 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The tenants a user belongs to, in id order (the first is the default). */
export async function userTenantIds(db: Kysely<Database>, userId: string): Promise<number[]> {
  const rows = await db.selectFrom('sysUserTenant').select('tenantId').where('userId', '=', userId).orderBy('tenantId').execute();
  return rows.map((r) => r.tenantId);
}
