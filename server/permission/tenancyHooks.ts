import { sql, type RawBuilder } from 'kysely';
import { newId } from '../db/ids.js';
import { nowText } from '../db/timestamps.js';
import { appError } from '../errors.js';
import type { BeforeSaveContext, HookRegistry, TenancyHook } from '../engine/hookRegistry.js';
import { memberOfTenant } from './userQueries.js';

// Users are shared by tenants (one account may work in several); the links between a user and a
// role, department or position are shared with them. These hooks (model.hooks.tenancy, format v5)
// say which of those rows belong to the caller's tenant, so the generic list, get, edit, delete,
// state, export and import of these models, and every named operation on them, stay in the tenant.

const USER_TENANT_TABLE = 'sys_user_tenant';

/** `column in (select id from table where tenant_id = ?)`: the column names a record of a tenant-scoped table of the tenant. */
function inTenantTable(column: string, table: string, tenantId: number): RawBuilder<unknown> {
  return sql`${sql.ref(column)} in (select ${sql.ref('id')} from ${sql.table(table)} where ${sql.ref('tenant_id')} = ${tenantId})`;
}

/** `column in (members of the tenant)` */
function userOfTenant(column: string, tenantId: number): RawBuilder<unknown> {
  return sql`${sql.ref(column)} in (select ${sql.ref('user_id')} from ${sql.table(USER_TENANT_TABLE)} where ${sql.ref('tenant_id')} = ${tenantId})`;
}

/** A user belongs to the tenants they are a member of; a user created in a tenant becomes its member in the same transaction. */
export const tenantUsers: TenancyHook = {
  rowsOf: memberOfTenant,
  async adopt(write, ids) {
    const createTime = nowText();
    const rows = ids.map((userId) => ({
      id: newId(),
      userId,
      tenantId: write.context.tenantId,
      createBy: write.context.auth.username,
      createTime,
      version: 1,
    }));
    // an import of 10,000 users: a few hundred rows a statement keeps every database under its parameter limit
    for (let i = 0; i < rows.length; i += 500)
      await write.trx
        .insertInto('sysUserTenant')
        .values(rows.slice(i, i + 500))
        .execute();
    write.touch(USER_TENANT_TABLE);
  },
};

/** A link of a user to a record of a tenant-scoped table: both ends must be the tenant's. */
function userLinkTenancy(column: string, table: string): TenancyHook {
  return { rowsOf: (tenantId) => sql`${userOfTenant('user_id', tenantId)} and ${inTenantTable(column, table, tenantId)}` };
}

/** A grant to a role (permissions, field access): the role must be the tenant's. */
const roleGrants: TenancyHook = { rowsOf: (tenantId) => inTenantTable('role_id', 'sys_role', tenantId) };

/** A data rule granted to a role: the role and the rule must both be the tenant's (rules are tenant-owned, migration 0011). */
const roleDataRules: TenancyHook = {
  rowsOf: (tenantId) => sql`${inTenantTable('role_id', 'sys_role', tenantId)} and ${inTenantTable('rule_id', 'sys_data_rule', tenantId)}`,
};

/**
 * permission.checkTenantMember (beforeSave of system.userTenant): a user may be added to the caller's
 * tenant only if the caller can already reach them in another of the caller's own tenants. Otherwise
 * an administrator of one tenant could adopt any account of another by its id, and then read, edit or
 * reset it. The answer does not tell whether the id exists.
 */
export async function checkTenantMember(ctx: BeforeSaveContext): Promise<void> {
  const userId = ctx.values.userId;
  if (userId === undefined) return;
  const { rows } = await sql`select 1 as hit from ${sql.table(USER_TENANT_TABLE)} mine
    join ${sql.table(USER_TENANT_TABLE)} theirs on theirs.tenant_id = mine.tenant_id
    where mine.user_id = ${ctx.auth.userId} and theirs.user_id = ${String(userId)}`.execute(ctx.db);
  if (rows.length === 0) throw appError('CL_ERR_RECORD_NOT_FOUND');
}

export function registerTenancyHooks(hooks: HookRegistry): void {
  hooks.registerTenancy('permission.tenantUsers', tenantUsers);
  hooks.registerTenancy('permission.tenantUserRoles', userLinkTenancy('role_id', 'sys_role'));
  hooks.registerTenancy('permission.tenantUserDeparts', userLinkTenancy('dep_id', 'sys_depart'));
  hooks.registerTenancy('permission.tenantUserPositions', userLinkTenancy('position_id', 'sys_position'));
  hooks.registerTenancy('permission.tenantRoleGrants', roleGrants);
  hooks.registerTenancy('permission.tenantRoleDataRules', roleDataRules);
  hooks.register('permission.checkTenantMember', checkTenantMember);
}
