import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Rows every installation needs before anyone signs in: the default tenant and the admin role.
 * Permissions are granted to the admin role as modules are synced; the admin *user* is created by
 * server/auth/bootstrap.ts because its password comes from the environment or is generated.
 */
export const DEFAULT_TENANT_ID = 1;
export const ADMIN_ROLE_ID = 'role-admin';
export const ADMIN_ROLE_CODE = 'admin';

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
  await sql`insert into sys_tenant (id, name, status, create_time) values (${DEFAULT_TENANT_ID}, ${'默认租户'}, 1, ${now})`.execute(db);
  await sql`insert into sys_role (id, role_name, role_code, description, status, create_time, version)
            values (${ADMIN_ROLE_ID}, ${'管理员'}, ${ADMIN_ROLE_CODE}, ${'拥有全部权限；新模块的权限自动授予该角色'}, 1, ${now}, 1)`.execute(db);
}
