import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { PERMISSION_ROW_COLUMNS, type PermissionRow } from './menuTree.js';

/** Every permission row that is not deleted (menus and buttons; disabled ones too, for allAuth). */
export async function loadPermissionRows(db: Kysely<Database>): Promise<PermissionRow[]> {
  return db.selectFrom('sysPermission').select(PERMISSION_ROW_COLUMNS).where('delFlag', '=', 0).execute();
}

/** Who holds a grant: a user acting in one tenant. Only the roles of that tenant count (a member of A and B acting in B holds nothing through A's roles). */
export interface Grantee {
  userId: string;
  tenantId: number;
}

/**
 * Ids of the permission rows granted to a user through the enabled roles of the tenant they act in.
 * Whether a row itself is enabled is decided by the tree and button builders, which see every row.
 */
export async function grantedPermissionIds(db: Kysely<Database>, grantee: Grantee): Promise<Set<string>> {
  const rows = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .innerJoin('sysRolePermission as rp', 'rp.roleId', 'ur.roleId')
    .select('rp.permissionId')
    .distinct()
    .where('ur.userId', '=', grantee.userId)
    .where('r.tenantId', '=', grantee.tenantId)
    .where('r.status', '=', 1)
    .execute();
  return new Set(rows.map((r) => r.permissionId));
}
