import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The tenants a user belongs to, in id order (the first is the default). */
export async function userTenantIds(db: Kysely<Database>, userId: string): Promise<number[]> {
  return (await userTenants(db, userId)).enabled;
}

/**
 * A user's tenants: the enabled ones (the user acts in these) and whether they belong to any at all.
 * A disabled tenant, or one whose row is gone, is not enabled: its users are refused, not silently
 * moved into another tenant's data.
 */
export async function userTenants(db: Kysely<Database>, userId: string): Promise<{ enabled: number[]; linked: boolean }> {
  const rows = await db
    .selectFrom('sysUserTenant as ut')
    .leftJoin('sysTenant as t', 't.id', 'ut.tenantId')
    .select(['ut.tenantId', 't.status'])
    .where('ut.userId', '=', userId)
    .orderBy('ut.tenantId')
    .execute();
  return { enabled: rows.filter((r) => r.status === 1).map((r) => r.tenantId), linked: rows.length > 0 };
}
