import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The tenants a user belongs to, in id order (the first is the default). */
export async function userTenantIds(db: Kysely<Database>, userId: string): Promise<number[]> {
  const rows = await db.selectFrom('sysUserTenant').select('tenantId').where('userId', '=', userId).orderBy('tenantId').execute();
  return rows.map((r) => r.tenantId);
}
