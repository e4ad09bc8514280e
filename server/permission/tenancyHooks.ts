import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Grantee } from '../auth/userPermissions.js';
import { DEFAULT_TENANT_ID } from '../db/coreIds.js';
import type { Database } from '../db/schema.js';
import { newId } from '../db/ids.js';
import { nowText } from '../db/timestamps.js';
import { appError } from '../errors.js';
import type { BeforeSaveContext, HookRegistry, TenancyHook } from '../engine/hookRegistry.js';
import {
  assertAccountsWithinReach,
  assertDataRuleLinksWithinReach,
  assertFieldRestrictionsWithinReach,
  assertGrantRowsWithinReach,
  assertLinkedRolesWithinReach,
  assertOwnDepartmentsChangeable,
} from './grantReach.js';
import { memberOfTenant } from './userQueries.js';

// Users are shared by tenants (one account may work in several); the links between a user and a
// role, department or position are shared with them. These hooks (model.hooks.tenancy, format v5)
// say which of those rows belong to the caller's tenant, so the generic list, get, edit, delete,
// state, export and import of these models, and every named operation on them, stay in the tenant.

const USER_TENANT_TABLE = 'sys_user_tenant';
/** what lets a caller reach the users of a tenant */
const USER_LIST_CODE = 'system:user:list';

/** `column in (select id from table where tenant_id = ?)`: the column names a record of a tenant-scoped table of the tenant. */
function inTenantTable(column: string, table: string, tenantId: number): RawBuilder<unknown> {
  return sql`${sql.ref(column)} in (select ${sql.ref('id')} from ${sql.table(table)} where ${sql.ref('tenant_id')} = ${tenantId})`;
}

/** `column in (members of the tenant)` */
function userOfTenant(column: string, tenantId: number): RawBuilder<unknown> {
  return sql`${sql.ref(column)} in (select ${sql.ref('user_id')} from ${sql.table(USER_TENANT_TABLE)} where ${sql.ref('tenant_id')} = ${tenantId})`;
}

/**
 * Refuses a change to accounts that also belong to tenants where the caller does not hold `code` (as a
 * member, through an enabled role of that tenant: holdsPermission's test). sys_user is shared by every
 * tenant an account works in, so a password reset, rename, freeze or delete made in one tenant holds in
 * all of them: without this, an administrator of one tenant could take over an account another tenant's
 * administrator also uses, and act there with its rights. Within the acting tenant, an account holding a
 * permission the caller lacks is refused as well (assertAccountsWithinReach). The caller's own account is theirs to change.
 * Accounts outside the caller's tenant are left to the write's own check, which answers them exactly like
 * unknown ids (this refusal would tell that they exist).
 */
export async function assertAccountsChangeable(db: Kysely<Database>, auth: Grantee, userIds: string[], code: string): Promise<void> {
  const others = userIds.filter((id) => id !== auth.userId);
  if (others.length === 0) return;
  // within the acting tenant too: no account holding more than the caller (grantReach.ts)
  await assertAccountsWithinReach(db, auth, others);
  const { rows } = await sql`select 1 as hit from ${sql.table(USER_TENANT_TABLE)} ut
    where ut.user_id in (${sql.join(others)}) and ut.tenant_id <> ${auth.tenantId}
      and exists (select 1 from ${sql.table(USER_TENANT_TABLE)} here where here.user_id = ut.user_id and here.tenant_id = ${auth.tenantId})
      and not exists (select 1 from ${sql.table(USER_TENANT_TABLE)} m
        join sys_user_role ur on ur.user_id = m.user_id
        join sys_role r on r.id = ur.role_id
        join sys_role_permission rp on rp.role_id = ur.role_id
        join sys_permission p on p.id = rp.permission_id
        where m.user_id = ${auth.userId} and m.tenant_id = ut.tenant_id and r.tenant_id = ut.tenant_id and r.status = 1
          and p.perms = ${code} and p.status = '1' and p.del_flag = 0)`.execute(db);
  if (rows.length > 0) throw appError('CL_ERR_ACCOUNT_SHARED');
}

/** The tenant's records `column` of `link` names for each of the users, in the order they were linked. */
async function linkedInTenant(
  db: Kysely<unknown>,
  userIds: string[],
  tenantId: number,
  link: { table: string; column: string; target: string; value: string },
): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (let i = 0; i < userIds.length; i += 500) {
    const { rows } = await sql<{ userId: string; value: string }>`select l.user_id as ${sql.id('userId')}, t.${sql.ref(link.value)} as ${sql.id('value')}
      from ${sql.table(link.table)} l join ${sql.table(link.target)} t on t.id = l.${sql.ref(link.column)}
      where l.user_id in (${sql.join(userIds.slice(i, i + 500))}) and t.tenant_id = ${tenantId}
      order by l.create_time, l.id`.execute(db);
    for (const row of rows) found.set(row.userId, [...(found.get(row.userId) ?? []), row.value]);
  }
  return found;
}

/** The org codes among the rows' current departments (`orgCode`) that name a department of the tenant. */
async function departCodesOf(db: Kysely<unknown>, tenantId: number, rows: Record<string, unknown>[]): Promise<Set<string>> {
  const codes = [...new Set(rows.map((r) => r.orgCode).filter((c): c is string => typeof c === 'string' && c !== ''))];
  const known = new Set<string>();
  for (let i = 0; i < codes.length; i += 500) {
    const { rows: found } = await sql<{ orgCode: string }>`select org_code as ${sql.id('orgCode')} from sys_depart
      where tenant_id = ${tenantId} and org_code in (${sql.join(codes.slice(i, i + 500))})`.execute(db);
    for (const f of found) known.add(f.orgCode);
  }
  return known;
}

/**
 * A user's departments (`departIds`, comma-joined ids) and positions (`post`, comma-joined codes), as the
 * staff record shows them: those of the tenant read in, from the link tables (sys_user_depart,
 * sys_user_position), never a value of the shared account row, which would show one tenant's choice to
 * every other tenant of the account (the staff hook, staff.saveMember, writes the links and leaves the
 * row's columns empty).
 */
async function presentTenantLinks(rows: Record<string, unknown>[], view: { db: Kysely<unknown>; tenantId: number }): Promise<void> {
  const first = rows[0]!;
  const ids = rows.map((r) => String(r.id));
  if ('departIds' in first) {
    const departs = await linkedInTenant(view.db, ids, view.tenantId, { table: 'sys_user_depart', column: 'dep_id', target: 'sys_depart', value: 'id' });
    for (const row of rows) row.departIds = departs.get(String(row.id))?.join(',') ?? null;
  }
  if ('orgCode' in first) {
    // the current department (one value of the shared row) only when it names a department of the tenant read in
    const known = await departCodesOf(view.db, view.tenantId, rows);
    for (const row of rows) if (!known.has(String(row.orgCode))) row.orgCode = null;
  }
  if ('post' in first) {
    const posts = await linkedInTenant(view.db, ids, view.tenantId, {
      table: 'sys_user_position',
      column: 'position_id',
      target: 'sys_position',
      value: 'en_code',
    });
    for (const row of rows) row.post = posts.get(String(row.id))?.join(',') ?? null;
  }
}

/** A user belongs to the tenants they are a member of; a user created in a tenant becomes its member in the same transaction. */
export const tenantUsers: TenancyHook = {
  rowsOf: memberOfTenant,
  present: presentTenantLinks,
  beforeWrite: (write, ids, code) => assertAccountsChangeable(write.trx, { userId: write.context.auth.userId, tenantId: write.context.tenantId }, ids, code),
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
 * tenant only if the caller can already reach them in another of the caller's own tenants: both are
 * members there and the caller may list users there (system:user:list through an enabled role of that
 * tenant). Otherwise an administrator of one tenant could adopt any account of another by its id, or, as
 * a mere member of that other tenant, any of its colleagues, and then read the account's personal data
 * (one sys_user row for all tenants) in their own. The answer does not tell whether the id exists.
 */
export async function checkTenantMember(ctx: BeforeSaveContext): Promise<void> {
  if (ctx.mode === 'update') await assertMembershipsWithinReach(ctx.db, { userId: ctx.auth.userId, tenantId: ctx.context.tenantId }, [ctx.id]);
  const userId = ctx.values.userId;
  if (userId === undefined) return;
  const { rows } = await sql`select 1 as hit from ${sql.table(USER_TENANT_TABLE)} mine
    join ${sql.table(USER_TENANT_TABLE)} theirs on theirs.tenant_id = mine.tenant_id
    where mine.user_id = ${ctx.auth.userId} and theirs.user_id = ${String(userId)}
      and exists (select 1 from sys_user_role ur
        join sys_role r on r.id = ur.role_id
        join sys_role_permission rp on rp.role_id = ur.role_id
        join sys_permission p on p.id = rp.permission_id
        where ur.user_id = mine.user_id and r.tenant_id = mine.tenant_id and r.status = 1
          and p.perms = ${USER_LIST_CODE} and p.status = '1' and p.del_flag = 0)`.execute(ctx.db);
  if (rows.length === 0) throw appError('CL_ERR_RECORD_NOT_FOUND');
}

/**
 * permission.tenantsManaged (tenancy of system.tenant, /sys/tenant/*): the tenants a caller manages. The
 * platform's administrators act in the default tenant and manage every tenant; acting in any other tenant,
 * a caller reaches that tenant alone (list, get, edit, export), even holding every system:tenant code there,
 * so a tenant's administrator neither sees nor changes another tenant, and cannot create one (the new row
 * would not be theirs). Another tenant answers like an unknown id. No one disables or deletes the tenant
 * they act in: that would lock its administrators (the default tenant's: the platform's) out.
 */
export const tenantsManaged: TenancyHook = {
  rowsOf: (tenantId) => (tenantId === DEFAULT_TENANT_ID ? sql`1 = 1` : sql`${sql.ref('id')} = ${tenantId}`),
  beforeWrite(write, ids, code) {
    if (code.endsWith(':edit')) return Promise.resolve();
    if (ids.some((id) => Number(id) === write.context.tenantId)) throw appError('CL_ERR_TENANT_ACTING');
    return Promise.resolve();
  },
};

/**
 * Before a membership of the acting tenant is moved to another user or removed (system.userTenant edit, delete):
 * the member loses every right they hold in the tenant, so, as for editing, freezing or deleting their account,
 * it is not the caller's to do when they hold there a permission the caller lacks (assertAccountsWithinReach):
 * else a member manager could drop the tenant's 管理员 out of it. Memberships of other tenants are left to the
 * write's own check (answered like unknown ids).
 */
async function assertMembershipsWithinReach(db: Kysely<Database>, auth: Grantee, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .selectFrom('sysUserTenant')
    .select('userId')
    .where('id', 'in', [...ids])
    .where('tenantId', '=', auth.tenantId)
    .execute();
  await assertAccountsWithinReach(
    db,
    auth,
    rows.map((r) => r.userId),
  );
}

export function registerTenancyHooks(hooks: HookRegistry): void {
  hooks.registerTenancy('permission.tenantsManaged', tenantsManaged);
  hooks.registerTenancy('permission.tenantUsers', tenantUsers);
  hooks.registerTenancy('permission.tenantUserRoles', { ...userLinkTenancy('role_id', 'sys_role'), beforeWrite: assertLinkedRolesWithinReach });
  hooks.registerTenancy('permission.tenantUserDeparts', {
    ...userLinkTenancy('dep_id', 'sys_depart'),
    // the caller's own department links are not dropped while a department rule restricts them (grantReach.ts)
    async beforeWrite(write, ids) {
      const rows = await write.trx.selectFrom('sysUserDepart').select('userId').where('id', 'in', ids).execute();
      await assertOwnDepartmentsChangeable(
        write.trx,
        { userId: write.context.auth.userId, tenantId: write.context.tenantId },
        rows.map((r) => r.userId),
      );
    },
  });
  hooks.registerTenancy('permission.tenantUserPositions', userLinkTenancy('position_id', 'sys_position'));
  hooks.registerTenancy('permission.tenantRoleGrants', { ...roleGrants, beforeWrite: assertFieldRestrictionsWithinReach });
  hooks.registerTenancy('permission.tenantRolePermissions', { ...roleGrants, beforeWrite: assertGrantRowsWithinReach });
  hooks.registerTenancy('permission.tenantRoleDataRules', { ...roleDataRules, beforeWrite: assertDataRuleLinksWithinReach });
  hooks.register('permission.checkTenantMember', checkTenantMember, {
    beforeDelete: (write, ids) => assertMembershipsWithinReach(write.trx, { userId: write.context.auth.userId, tenantId: write.context.tenantId }, ids),
  });
}
