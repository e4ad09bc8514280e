import type { Kysely } from 'kysely';
import { ADMIN_ROLE_CODE, ADMIN_ROLE_ID, DEFAULT_TENANT_ID } from './coreIds.js';
import type { Database } from './schema.js';
import { nowText } from './timestamps.js';

/**
 * Rows every installation needs before anyone signs in: the default tenant and the admin role.
 * Runs after model sync has created their tables, on every start; a row that exists is left as
 * it is (an admin may have renamed it). Permissions are granted to the admin role as modules are
 * synced; the admin *user* is created by server/auth/bootstrap.ts (its password is a secret).
 */
export async function seedCoreRows(db: Kysely<Database>): Promise<void> {
  const now = nowText();
  await db
    .insertInto('sysTenant')
    .values({ id: DEFAULT_TENANT_ID, name: '默认租户', status: 1, createBy: 'system', createTime: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('sysRole')
    .values({
      id: ADMIN_ROLE_ID,
      roleName: '管理员',
      roleCode: ADMIN_ROLE_CODE,
      description: '拥有全部权限；新模块的权限自动授予该角色',
      status: 1,
      tenantId: DEFAULT_TENANT_ID,
      createBy: 'system',
      createTime: now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
