import { sql } from 'kysely';
import type { AppConfig } from '../config.js';
import { appError } from '../errors.js';
import type { HookRegistry, OperationHookContext } from '../engine/hookRegistry.js';
import { loginAccount, passwordChangeAccount } from '../auth/loginAttempts.js';
import { hashPassword } from '../auth/passwords.js';
import { passwordPolicyError } from '../auth/passwordPolicy.js';
import { revokeUserSessions } from '../auth/sessions.js';
import { idList, keywordOf, pageOf, requiredId } from './hookInput.js';
import { assertAccountsChangeable } from './tenancyHooks.js';
import { departPath, descendantsOf, enabledUser, linkedUsers, memberOfTenant, tenantDeparts, userOption, type DepartNode } from './userQueries.js';

type Ctx = OperationHookContext;

const USER_TEXT = ['username', 'realname'] as const;

/** Holders of a role of the caller's tenant: another tenant's role id matches nobody (its holders are not this tenant's business). */
function holdersOfTenantRole(ctx: Ctx, roleId: string) {
  return sql`${sql.ref('id')} in (select ur.user_id from sys_user_role ur join sys_role r on r.id = ur.role_id
    where ur.role_id = ${roleId} and r.tenant_id = ${ctx.context.tenantId})`;
}

/** Users of the caller's tenant and data scope meeting the extra conditions, as picker options. */
async function options(ctx: Ctx, where: ReturnType<typeof memberOfTenant>[], limit?: number) {
  return (await ctx.rows([memberOfTenant(ctx.context.tenantId), ...where], limit)).map(userOption);
}

/** A record operation reaches only users of the caller's tenant (sys_user itself is shared by all tenants). */
async function assertMember(ctx: Ctx): Promise<string> {
  const id = String(ctx.record!.id);
  const found = await sql`select 1 from sys_user_tenant where user_id = ${id} and tenant_id = ${ctx.context.tenantId}`.execute(ctx.db);
  if (found.rows.length === 0) throw appError('CL_ERR_RECORD_NOT_FOUND');
  return id;
}

interface TreeNode {
  id: string;
  fullName: string;
  type: 'department' | 'user';
  parentId: string | null;
  hasChildren: boolean;
  children?: TreeNode[];
}

const departNode = (d: DepartNode, hasChildren: boolean): TreeNode => ({
  id: d.id,
  fullName: d.departName,
  type: 'department',
  parentId: d.parentId,
  hasChildren,
});

/** Department nodes of the tenant (children nested) with each department's users under it. */
async function departUserTree(ctx: Ctx): Promise<TreeNode[]> {
  const departs = await tenantDeparts(ctx.db, ctx.context.tenantId);
  const users = await ctx.rows([memberOfTenant(ctx.context.tenantId), enabledUser]);
  const byUser = new Map(users.map((u) => [String(u.id), u]));
  const { rows: links } = await sql<{ userId: string; depId: string }>`select user_id, dep_id from sys_user_depart
    where dep_id in (select id from sys_depart where tenant_id = ${ctx.context.tenantId})`.execute(ctx.db);
  const usersOf = new Map<string, TreeNode[]>();
  for (const link of links) {
    const user = byUser.get(link.userId);
    if (user) usersOf.set(link.depId, [...(usersOf.get(link.depId) ?? []), { ...userOption(user), parentId: link.depId, hasChildren: false }]);
  }
  const known = new Set(departs.map((d) => d.id));
  const placed = new Set<string>();
  // a parent loop written outside the engine must not recurse forever: each department is placed once
  const build = (d: DepartNode): TreeNode => {
    placed.add(d.id);
    const subDeparts = departs.filter((c) => c.parentId === d.id && !placed.has(c.id));
    const children = [...subDeparts.map(build), ...(usersOf.get(d.id) ?? [])];
    return { ...departNode(d, children.length > 0), children };
  };
  const roots = departs.filter((d) => !d.parentId || !known.has(d.parentId)).map(build);
  return roots;
}

/**
 * The user model's named operations (schemas/system/models/user.model.json, spec 001 §7 "Users"):
 * pickers (All, Selector, ImUser, getUserList, by position / role / role and organisation…) and the
 * account actions an administrator takes (reset a password, lift a sign-in lock). Every read stays in
 * the caller's tenant (sys_user_tenant) and data scope on users.
 */
export function registerUserOperations(hooks: HookRegistry, config: Pick<AppConfig, 'passwordMinLength'>): void {
  hooks.registerOperation('permission.usersAll', async (ctx) => ({ list: await options(ctx, [enabledUser]) }));

  hooks.registerOperation('permission.usersSelector', async (ctx) => ({ list: await departUserTree(ctx) }));

  hooks.registerOperation(
    'permission.imUsers',
    async (ctx) => {
      const { currentPage, pageSize } = pageOf(ctx.query);
      const keyword = keywordOf(ctx.query.keyword);
      const where = [memberOfTenant(ctx.context.tenantId), enabledUser, ...(keyword ? [ctx.search(USER_TEXT, keyword)] : [])];
      const all = (await ctx.rows(where)).map(userOption);
      return { list: all.slice((currentPage - 1) * pageSize, currentPage * pageSize), pagination: { currentPage, pageSize, total: all.length } };
    },
    { query: ['keyword', 'currentPage', 'pageSize'] },
  );

  // a node's sub-departments and users ('0': the top departments; a department may hold users, so each
  // says it has children); a keyword searches every user instead
  hooks.registerOperation('permission.imUserSelector', async (ctx) => {
    const nodeId = requiredId(ctx.params.id, 'nodeId');
    const keyword = keywordOf(ctx.body.keyword);
    if (keyword) return { list: await options(ctx, [enabledUser, ctx.search(USER_TEXT, keyword)]) };
    const departs = await tenantDeparts(ctx.db, ctx.context.tenantId);
    const parentOf = nodeId === '0' ? null : nodeId;
    const subDeparts = departs.filter(
      (d) => d.parentId === parentOf || (parentOf === null && d.parentId !== null && !departs.some((p) => p.id === d.parentId)),
    );
    const users = parentOf === null ? [] : await options(ctx, [enabledUser, linkedUsers('sys_user_depart', 'dep_id', [parentOf])]);
    return { list: [...subDeparts.map((d) => departNode(d, true)), ...users.map((u) => ({ ...u, hasChildren: false }))] };
  });

  hooks.registerOperation('permission.usersByIds', async (ctx) => {
    const ids = idList(ctx.body.userId ?? ctx.body.ids, 'userId');
    if (ids.length === 0) return { list: [] };
    const found = await options(ctx, [sql`${sql.ref('id')} in (${sql.join(ids)})`]);
    const byId = new Map(found.map((u) => [u.id, u]));
    return { list: ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])) };
  });

  hooks.registerOperation('permission.subordinates', async (ctx) => {
    const keyword = keywordOf(ctx.body.keyword);
    const where = [sql`${sql.ref('manager_id')} = ${ctx.context.auth.userId}`, ...(keyword ? [ctx.search(USER_TEXT, keyword)] : [])];
    return { list: await options(ctx, where) };
  });

  hooks.registerOperation(
    'permission.userOrganization',
    async (ctx) => {
      const userId = requiredId(ctx.query.userId, 'userId');
      const [user] = await options(ctx, [sql`${sql.ref('id')} = ${userId}`], 1);
      if (!user) throw appError('CL_ERR_RECORD_NOT_FOUND');
      const departs = await tenantDeparts(ctx.db, ctx.context.tenantId);
      const { rows } = await sql<{ depId: string }>`select dep_id from sys_user_depart where user_id = ${userId}`.execute(ctx.db);
      const mine = departs.filter((d) => rows.some((r) => r.depId === d.id));
      return { list: mine.map((d) => ({ id: d.id, fullName: departPath(departs, d.id), orgCode: d.orgCode })) };
    },
    { query: ['userId'] },
  );

  hooks.registerOperation(
    'permission.usersByPosition',
    async (ctx) => ({ list: await options(ctx, [linkedUsers('sys_user_position', 'position_id', [requiredId(ctx.query.positionId, 'positionId')])]) }),
    { query: ['positionId'] },
  );

  hooks.registerOperation(
    'permission.usersByRole',
    async (ctx) => ({ list: await options(ctx, [holdersOfTenantRole(ctx, requiredId(ctx.query.roleId, 'roleId'))]) }),
    { query: ['roleId'] },
  );

  // users holding the role who work in the organisation: a department of it, or one of their descendants
  hooks.registerOperation(
    'permission.usersByRoleOrg',
    async (ctx) => {
      const roleId = requiredId(ctx.query.roleId, 'roleId');
      const organizeId = requiredId(ctx.query.organizeId, 'organizeId');
      const departs = await tenantDeparts(ctx.db, ctx.context.tenantId);
      const roots = departs.filter((d) => d.id === organizeId || d.organizeId === organizeId).map((d) => d.id);
      const inOrg = linkedUsers('sys_user_depart', 'dep_id', descendantsOf(departs, roots));
      return { list: await options(ctx, [holdersOfTenantRole(ctx, roleId), inOrg]) };
    },
    { query: ['roleId', 'organizeId'] },
  );

  // an administrator sets a new first password: it must pass the policy, is changed at the next
  // sign-in, and ends every session of the user (security.md §5)
  hooks.registerOperation('permission.resetPassword', async (ctx) => {
    const userId = await assertMember(ctx);
    await assertAccountsChangeable(
      ctx.db,
      { userId: ctx.context.auth.userId, tenantId: ctx.context.tenantId },
      [userId],
      `${ctx.model.permissions.prefix}resetPassword`,
    );
    const { userPassword, validatePassword } = ctx.body;
    if (typeof userPassword !== 'string' || userPassword.length > 128) throw appError('CL_ERR_BAD_REQUEST', { detail: 'userPassword' });
    if (validatePassword !== undefined && validatePassword !== userPassword) throw appError('CL_ERR_PASSWORD_MISMATCH');
    const weak = passwordPolicyError(userPassword, config.passwordMinLength);
    if (weak) throw weak;
    const hash = await hashPassword(userPassword);
    await ctx.db
      .updateTable('sysUser')
      .set({ password: hash.password, salt: hash.salt, mustChangePassword: 1, passwordChangedAt: null, version: sql`version + 1` })
      .where('id', '=', userId)
      .execute();
    await revokeUserSessions(ctx.db, userId, 'password');
    return null;
  });

  // lifts the lock five failed sign-ins (or wrong old passwords) put on the account
  hooks.registerOperation('permission.unlockUser', async (ctx) => {
    const userId = await assertMember(ctx);
    await assertAccountsChangeable(
      ctx.db,
      { userId: ctx.context.auth.userId, tenantId: ctx.context.tenantId },
      [userId],
      `${ctx.model.permissions.prefix}unlock`,
    );
    await ctx.db
      .deleteFrom('sysLoginAttempt')
      .where('account', 'in', [loginAccount(String(ctx.record!.username)), passwordChangeAccount(userId)])
      .execute();
    return null;
  });
}
