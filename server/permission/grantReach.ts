import { sql, type Kysely, type RawBuilder } from 'kysely';
import { grantedPermissionIds, loadPermissionRows, type Grantee } from '../auth/userPermissions.js';
import type { PermissionRow } from '../auth/menuTree.js';
import type { Database } from '../db/schema.js';
import { appError } from '../errors.js';
import type { BeforeSaveContext, HookRegistry } from '../engine/hookRegistry.js';
import type { WriteScope } from '../engine/writeScope.js';
import { callerRolesSql, restrictedOnModelSql } from '../engine/dataRuleReach.js';

/**
 * A caller hands out only what they hold themselves (security.md §9's spirit: rights are set by those
 * who have them). Otherwise whoever may edit a role's grants or a role's members could give a role, and
 * so themselves, any permission: the role Authorize tree (roleAuthorize.ts) offers only the caller's
 * own rows, and the generic link models that grant the same rights (system.rolePermission, system.userRole)
 * are held to the same reach here.
 */

/** The enabled permission rows the caller holds through the enabled roles of the tenant they act in. */
export async function grantableRows(db: Kysely<Database>, grantee: Grantee): Promise<PermissionRow[]> {
  const [rows, mine] = await Promise.all([loadPermissionRows(db), grantedPermissionIds(db, grantee)]);
  return rows.filter((row) => mine.has(row.id) && String(row.status) === '1');
}

/** The permission ids the grantee holds through the enabled roles of the tenant they act in, as a subquery. */
export function heldPermissionIdsSql(grantee: Grantee): RawBuilder<unknown> {
  return sql`select mine.permission_id from sys_user_role mur
    join sys_role mr on mr.id = mur.role_id
    join sys_role_permission mine on mine.role_id = mur.role_id
    where mur.user_id = ${grantee.userId} and mr.tenant_id = ${grantee.tenantId} and mr.status = 1`;
}

/**
 * The enabled permission rows a role of the acting tenant grants that the caller does not hold there ([]
 * when the caller holds them all, and for a role of another tenant or none, which the write's own tenancy
 * check refuses like an unknown id). The role's own status does not matter: enabling it later would grant them.
 */
async function grantsBeyond(db: Kysely<Database>, grantee: Grantee, roleId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select rp.permission_id as "id" from sys_role_permission rp
    join sys_role r on r.id = rp.role_id and r.tenant_id = ${grantee.tenantId}
    join sys_permission p on p.id = rp.permission_id
    where rp.role_id = ${roleId} and p.status = '1' and p.del_flag = 0
      and rp.permission_id not in (${heldPermissionIdsSql(grantee)})`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * Refuses a change to accounts holding, in the tenant the caller acts in, an enabled permission the caller
 * does not hold there (the caller's own account excepted): a 实验室主任 allowed to reset passwords could
 * otherwise reset the 管理员's, sign in as them and act with every right; freezing, deleting or signing
 * out such an account is refused alike. The same reach as handing out roles: one may manage the accounts
 * whose rights one could have given. Refused with CL_ERR_ACCOUNT_ABOVE_CALLER.
 */
export async function assertAccountsWithinReach(db: Kysely<Database>, grantee: Grantee, userIds: readonly string[]): Promise<void> {
  const others = userIds.filter((id) => id !== grantee.userId);
  if (others.length === 0) return;
  const { rows } = await sql`select 1 as hit from sys_user_role ur
    join sys_role r on r.id = ur.role_id
    join sys_role_permission rp on rp.role_id = ur.role_id
    join sys_permission p on p.id = rp.permission_id
    where ur.user_id in (${sql.join(others)}) and r.tenant_id = ${grantee.tenantId} and r.status = 1
      and p.status = '1' and p.del_flag = 0
      and rp.permission_id not in (${heldPermissionIdsSql(grantee)})
    limit 1`.execute(db);
  if (rows.length > 0) throw appError('CL_ERR_ACCOUNT_ABOVE_CALLER');
}

/** The value a link row ends with: the one written now, else (an update leaving it alone) the stored one. */
async function linkValue(
  ctx: BeforeSaveContext,
  table: 'sys_user_role' | 'sys_role_permission',
  column: 'role_id' | 'permission_id',
  field: string,
): Promise<string | null> {
  const sent = ctx.values[field];
  if (sent !== undefined && sent !== null) return String(sent);
  if (ctx.mode !== 'update') return null;
  const { rows } = await sql<{ value: string }>`select ${sql.ref(column)} as "value" from ${sql.table(table)} where id = ${ctx.id}`.execute(ctx.db);
  return rows[0] ? String(rows[0].value) : null;
}

/**
 * Whether the role, given to someone, would widen what they reach beyond the caller's own restrictions: roles are
 * OR-ed, so a role with no enabled rule (other than kind all) on a model where a data rule restricts the caller
 * reaches every row there, and a role leaving open a field every role of the caller hides (or restricts) opens it.
 * Handing out such a role hands out sight the caller lacks, and given to the caller themselves it lifts their own
 * restriction (as dropping a rule from their role would: assertDataRuleLinksWithinReach).
 */
async function loosensBeyond(db: Kysely<Database>, grantee: Grantee, roleId: string): Promise<boolean> {
  const { rows } = await sql`select 1 as hit from sys_role_data_rule crl
    join sys_data_rule cr on cr.id = crl.rule_id and cr.enabled = 1 and cr.kind <> 'all'
    where crl.role_id in (select ur.role_id ${callerRolesSql(grantee)})
      and ${restrictedOnModelSql(grantee, sql`cr.model_id`)}
      and not exists (select 1 from sys_role_data_rule rl
        join sys_data_rule rd on rd.id = rl.rule_id and rd.enabled = 1 and rd.kind <> 'all'
        where rl.role_id = ${roleId} and rd.model_id = cr.model_id)
    union all
    select 1 as hit from sys_role_field cf
    where cf.role_id in (select ur.role_id ${callerRolesSql(grantee)})
      and not exists (select 1 ${callerRolesSql(grantee)} and not exists (select 1 from sys_role_field mine
        where mine.role_id = ur.role_id and mine.model_id = cf.model_id and mine.field = cf.field
          and (mine.access = 'hidden' or cf.access = 'readonly')))
      and not exists (select 1 from sys_role_field rf where rf.role_id = ${roleId} and rf.model_id = cf.model_id and rf.field = cf.field
          and (rf.access = 'hidden' or cf.access = 'readonly'))`.execute(db);
  return rows.length > 0;
}

/**
 * permission.checkRoleGrant (beforeSave of system.userRole): a user may be given a role only by a caller
 * who holds every enabled permission the role grants, as a role's grants are set in Authorize. A
 * 实验室主任 allowed to manage role members could otherwise make themselves (or anyone) a member of the
 * tenant's 管理员 role. Refused with CL_ERR_ROLE_NOT_GRANTABLE, nothing written.
 */
export async function checkRoleGrant(ctx: BeforeSaveContext): Promise<void> {
  const roleId = await linkValue(ctx, 'sys_user_role', 'role_id', 'roleId');
  if (roleId === null) return;
  const grantee = { userId: ctx.auth.userId, tenantId: ctx.context.tenantId };
  const beyond = await grantsBeyond(ctx.db, grantee, roleId);
  if (beyond.length > 0 || (await loosensBeyond(ctx.db, grantee, roleId))) throw appError('CL_ERR_ROLE_NOT_GRANTABLE');
}

/**
 * permission.checkPermissionGrant (beforeSave of system.rolePermission): a grant row names a permission
 * the caller holds (enabled, through a role of the tenant they act in), exactly what Authorize offers.
 */
export async function checkPermissionGrant(ctx: BeforeSaveContext): Promise<void> {
  const permissionId = await linkValue(ctx, 'sys_role_permission', 'permission_id', 'permissionId');
  if (permissionId === null) return;
  const reach = await grantableRows(ctx.db, { userId: ctx.auth.userId, tenantId: ctx.context.tenantId });
  if (!reach.some((row) => row.id === permissionId)) throw appError('CL_ERR_PERMISSION_NOT_GRANTABLE', { id: permissionId.slice(0, 100) });
}

/**
 * permission.checkRoleEnable (beforeSave of system.role, also before its state operation): enabling a
 * disabled role hands every permission it grants to its members at once, so it is a grant like giving the
 * role to each of them, and needs the same reach. A holder of system:role:state (or of the edit form's
 * status) could otherwise switch on a disabled role granting more than they hold, and then be given it, or
 * give its members rights nobody in reach could give. Disabling, and saving a role that stays as it was,
 * need nothing more. Refused with CL_ERR_ROLE_NOT_ENABLEABLE, nothing written.
 */
export async function checkRoleEnable(ctx: BeforeSaveContext): Promise<void> {
  if (ctx.mode !== 'update' || !Object.hasOwn(ctx.values, 'status') || String(ctx.values.status) !== '1') return;
  const { rows } = await sql<{ status: number | string }>`select status from sys_role where id = ${ctx.id}`.execute(ctx.db);
  if (!rows[0] || String(rows[0].status) === '1') return;
  const grantee = { userId: ctx.auth.userId, tenantId: ctx.context.tenantId };
  const beyond = await grantsBeyond(ctx.db, grantee, ctx.id);
  if (beyond.length > 0 || (await loosensBeyond(ctx.db, grantee, ctx.id))) throw appError('CL_ERR_ROLE_NOT_ENABLEABLE');
}

/**
 * Before an edit or delete of role-member links (system.userRole's tenancy): taking a role away is handing
 * rights out in reverse, so each link's role must be one the caller could give. Otherwise a role-member
 * manager could strip the 管理员 of their role. Links whose role is not the acting tenant's are left to the
 * write's own check, which answers them like unknown ids.
 */
export async function assertLinkedRolesWithinReach(write: WriteScope, ids: readonly string[]): Promise<void> {
  const grantee = { userId: write.context.auth.userId, tenantId: write.context.tenantId };
  const { rows } = await sql`select 1 as hit from sys_user_role ur
    join sys_role r on r.id = ur.role_id and r.tenant_id = ${grantee.tenantId}
    join sys_role_permission rp on rp.role_id = ur.role_id
    join sys_permission p on p.id = rp.permission_id
    where ur.id in (${sql.join([...ids])}) and p.status = '1' and p.del_flag = 0
      and rp.permission_id not in (${heldPermissionIdsSql(grantee)})
    limit 1`.execute(write.trx);
  if (rows.length > 0) throw appError('CL_ERR_ROLE_NOT_GRANTABLE');
}

/**
 * Before an edit or delete of grant rows (system.rolePermission's tenancy): as Authorize keeps the grants
 * outside the caller's reach as they are, a grant the caller does not hold is neither moved nor removed.
 */
export async function assertGrantRowsWithinReach(write: WriteScope, ids: readonly string[]): Promise<void> {
  const grantee = { userId: write.context.auth.userId, tenantId: write.context.tenantId };
  const { rows } = await sql<{ permissionId: string }>`select rp.permission_id as "permissionId" from sys_role_permission rp
    join sys_role r on r.id = rp.role_id and r.tenant_id = ${grantee.tenantId}
    join sys_permission p on p.id = rp.permission_id
    where rp.id in (${sql.join([...ids])}) and p.status = '1' and p.del_flag = 0
      and rp.permission_id not in (${heldPermissionIdsSql(grantee)})
    limit 1`.execute(write.trx);
  if (rows[0]) throw appError('CL_ERR_PERMISSION_NOT_GRANTABLE', { id: rows[0].permissionId.slice(0, 100) });
}

/**
 * Before an edit or delete of field restrictions (system.roleField's tenancy): lifting a restriction widens
 * what the role's members see, so it is the caller's to lift only on a field their own roles leave open.
 * A caller whose every role restricts that field (fieldAccess.ts: restricted when all roles restrict it)
 * could otherwise unhide it for their own role, or for any role they then join. Refused with
 * CL_ERR_RESTRICTION_NOT_LIFTABLE; rows of another tenant's roles are left to the write's own check.
 */
export async function assertFieldRestrictionsWithinReach(write: WriteScope, ids: readonly string[]): Promise<void> {
  const grantee = { userId: write.context.auth.userId, tenantId: write.context.tenantId };
  const { rows } = await sql`select 1 as hit from sys_role_field rf
    join sys_role r on r.id = rf.role_id and r.tenant_id = ${grantee.tenantId}
    where rf.id in (${sql.join([...ids])})
      and exists (select 1 ${callerRolesSql(grantee)})
      and not exists (select 1 ${callerRolesSql(grantee)} and not exists (select 1 from sys_role_field mine
        where mine.role_id = ur.role_id and mine.model_id = rf.model_id and mine.field = rf.field))
    limit 1`.execute(write.trx);
  if (rows.length > 0) throw appError('CL_ERR_RESTRICTION_NOT_LIFTABLE');
}

/**
 * Before an edit or delete of a role's data rule (system.roleDataRule's tenancy): taking a rule away widens
 * the role's rows on the rule's model, so only a caller whom no data rule restricts there (one of their roles
 * has no enabled rule on that model other than kind all) may do it; otherwise a role-rule editor confined to
 * their department could drop that rule from their own role. Refused with CL_ERR_RESTRICTION_NOT_LIFTABLE.
 */
export async function assertDataRuleLinksWithinReach(write: WriteScope, ids: readonly string[]): Promise<void> {
  const grantee = { userId: write.context.auth.userId, tenantId: write.context.tenantId };
  const { rows } = await sql`select 1 as hit from sys_role_data_rule rr
    join sys_role r on r.id = rr.role_id and r.tenant_id = ${grantee.tenantId}
    join sys_data_rule dr on dr.id = rr.rule_id
    where rr.id in (${sql.join([...ids])})
      and ${restrictedOnModelSql(grantee, sql`dr.model_id`)}
    limit 1`.execute(write.trx);
  if (rows.length > 0) throw appError('CL_ERR_RESTRICTION_NOT_LIFTABLE');
}

/** A permission row's right: its 授权标识 when set (identify.ts reads rights by code), else none. */
export function permissionCodeOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Whether the caller holds `code` in the tenant of the role `gr` (an enabled row through an enabled role of theirs there, as a member). */
function holdsCodeInRoleTenant(userId: string, code: string): RawBuilder<unknown> {
  return sql`exists (select 1 from sys_user_role hu
    join sys_role hr on hr.id = hu.role_id and hr.status = 1 and hr.tenant_id = gr.tenant_id
    join sys_user_tenant hm on hm.user_id = hu.user_id and hm.tenant_id = hr.tenant_id
    join sys_role_permission hg on hg.role_id = hu.role_id
    join sys_permission hp on hp.id = hg.permission_id
    where hu.user_id = ${userId} and hp.perms = ${code} and hp.status = '1' and hp.del_flag = 0)`;
}

/**
 * Whether the caller is the administrator of the tenant of the role `gr`: their enabled roles there are
 * granted every row (switched on or off) that any role of the tenant is granted, as the 管理员 role is given
 * every module's rows. Only they may change a row whose code nobody holds, a row switched off say (else it
 * could never be switched on again).
 */
function administersRoleTenant(userId: string): RawBuilder<unknown> {
  return sql`(exists (select 1 from sys_user_role tu join sys_role tr on tr.id = tu.role_id and tr.status = 1 and tr.tenant_id = gr.tenant_id
      where tu.user_id = ${userId})
    and not exists (select 1 from sys_role_permission xg
      join sys_role xr on xr.id = xg.role_id and xr.tenant_id = gr.tenant_id
      join sys_permission xp on xp.id = xg.permission_id and xp.del_flag = 0
      where xg.permission_id not in (select yg.permission_id from sys_user_role yu
        join sys_role yr on yr.id = yu.role_id and yr.status = 1 and yr.tenant_id = gr.tenant_id
        join sys_role_permission yg on yg.role_id = yu.role_id
        where yu.user_id = ${userId})))`;
}

/**
 * Before a change to a permission row (菜单管理, system.permission: edit, 状态, delete): the row's 授权标识 is
 * a right of every role granted the row, in whatever tenant (sys_permission is the platform's), so changing the
 * row is handing out or taking away that right. For each role granted the row, the caller must hold, in the
 * role's tenant, the code the row has (or administer that tenant), and the code it is given if it changes
 * (whoever they are). Otherwise a menu editor could rename a button granted to their own role into
 * system:user:delete, switch on a row of a code they lack, or weaken a row stronger than them. A row granted
 * to no role (a new one) changes nobody's rights; a row without a code carries none. Refused with
 * CL_ERR_MENU_RIGHT_NOT_HELD, nothing written.
 */
export async function assertPermissionRowWithinReach(
  db: Kysely<Database>,
  userId: string,
  rowId: string,
  stored: string | null,
  written: string | null,
): Promise<void> {
  const tests: RawBuilder<unknown>[] = [];
  if (stored !== null) tests.push(sql`(not ${holdsCodeInRoleTenant(userId, stored)} and not ${administersRoleTenant(userId)})`);
  if (written !== null && written !== stored) tests.push(sql`not ${holdsCodeInRoleTenant(userId, written)}`);
  if (tests.length === 0) return;
  const { rows } = await sql`select 1 as hit from sys_role_permission g join sys_role gr on gr.id = g.role_id
    where g.permission_id = ${rowId} and (${sql.join(tests, sql` or `)})
    limit 1`.execute(db);
  if (rows.length > 0) throw appError('CL_ERR_MENU_RIGHT_NOT_HELD');
}

/**
 * Refuses a change of the caller's own departments (their sys_user_depart links, or 当前部门) while a data rule
 * that reads them (kind department or departmentTree, or a value from user.departIds or user.orgCode) restricts the
 * caller on its model: joining another department would widen their own rows there, lifting the restriction as
 * dropping the rule would. Other accounts, and callers no such rule restricts, are left as before.
 * CL_ERR_RESTRICTION_NOT_LIFTABLE, nothing written.
 */
export async function assertOwnDepartmentsChangeable(db: Kysely<Database>, grantee: Grantee, userIds: readonly (string | null)[]): Promise<void> {
  if (!userIds.includes(grantee.userId)) return;
  const { rows } = await sql`select 1 as hit from sys_role_data_rule crl
    join sys_data_rule cr on cr.id = crl.rule_id and cr.enabled = 1
      and (cr.kind in ('department', 'departmentTree') or cr.value_from in ('user.departIds', 'user.orgCode'))
    where crl.role_id in (select ur.role_id ${callerRolesSql(grantee)})
      and ${restrictedOnModelSql(grantee, sql`cr.model_id`)}
    limit 1`.execute(db);
  if (rows.length > 0) throw appError('CL_ERR_RESTRICTION_NOT_LIFTABLE');
}

/** permission.checkUserDepart (beforeSave of system.userDepart): a department link of the caller's own account is theirs to add only when no department rule restricts them. */
export async function checkUserDepart(ctx: BeforeSaveContext): Promise<void> {
  const grantee = { userId: ctx.auth.userId, tenantId: ctx.context.tenantId };
  const stored = ctx.mode === 'update' ? await ctx.db.selectFrom('sysUserDepart').select('userId').where('id', '=', ctx.id).executeTakeFirst() : undefined;
  await assertOwnDepartmentsChangeable(ctx.db, grantee, [ctx.values.userId === undefined ? null : String(ctx.values.userId), stored?.userId ?? null]);
}

export function registerGrantChecks(hooks: HookRegistry): void {
  hooks.register('permission.checkRoleGrant', checkRoleGrant);
  hooks.register('permission.checkPermissionGrant', checkPermissionGrant);
  hooks.register('permission.checkRoleEnable', checkRoleEnable, { onStateToggle: true });
  hooks.register('permission.checkUserDepart', checkUserDepart);
}
