import { sql } from 'kysely';
import type { HookRegistry } from '../engine/hookRegistry.js';
import { grantedPermissionIds } from '../auth/userPermissions.js';
import { idList, keywordOf, shownText } from './hookInput.js';
import { descendantsOf, tenantDeparts } from './userQueries.js';

const enabledRole = sql`${sql.ref('status')} = 1`;
const enabledPosition = sql`${sql.ref('enabled_mark')} = 1`;

const roleOption = (r: Record<string, unknown>) => ({
  id: String(r.id),
  fullName: shownText(r.roleName),
  enCode: shownText(r.roleCode),
  organizeId: r.organizeId ?? null,
  type: 'role',
});
const positionOption = (p: Record<string, unknown>) => ({
  id: String(p.id),
  fullName: shownText(p.fullName),
  enCode: shownText(p.enCode),
  organizeId: p.organizeId ?? null,
  type: 'position',
});

/**
 * The named operations of roles and positions (spec 001 §7 "Roles", "Positions"): their pickers, the
 * roles a user may hand out, and both by organisation.
 */
export function registerRoleOperations(hooks: HookRegistry): void {
  hooks.registerOperation('permission.roleSelector', async (ctx) => ({ list: (await ctx.rows([enabledRole])).map(roleOption) }));

  // the roles the caller may assign: those granting no menu or button the caller does not hold through
  // an enabled role, so handing out roles never widens anyone's rights beyond the giver's
  hooks.registerOperation(
    'permission.roleSelectorByPermission',
    async (ctx) => {
      const keyword = keywordOf(ctx.query.keyword);
      const roles = await ctx.rows([enabledRole, ...(keyword ? [ctx.search(['roleName', 'roleCode'], keyword)] : [])]);
      const held = await grantedPermissionIds(ctx.db, ctx.context.auth);
      const roleIds = roles.map((r) => String(r.id));
      if (roleIds.length === 0) return { list: [] };
      // only the grants of the roles listed (the caller's tenant's): another tenant's grants are not read
      const { rows } = await sql<{ roleId: string; permissionId: string }>`
        select role_id, permission_id from sys_role_permission where role_id in (${sql.join(roleIds)})`.execute(ctx.db);
      const exceeding = new Set(rows.filter((r) => !held.has(r.permissionId)).map((r) => r.roleId));
      return { list: roles.filter((r) => !exceeding.has(String(r.id))).map(roleOption) };
    },
    { query: ['keyword'] },
  );

  hooks.registerOperation('permission.rolesOfOrganizes', async (ctx) => {
    const ids = idList(ctx.body.organizeIds, 'organizeIds');
    if (ids.length === 0) return { list: [] };
    return { list: (await ctx.rows([enabledRole, sql`${sql.ref('organize_id')} in (${sql.join(ids)})`])).map(roleOption) };
  });

  hooks.registerOperation('permission.positionsAll', async (ctx) => ({ list: (await ctx.rows([enabledPosition])).map(positionOption) }));

  hooks.registerOperation('permission.positionSelector', async (ctx) => ({ list: (await ctx.rows([enabledPosition])).map(positionOption) }));

  // a position's organizeId is its department: the organisations' departments and all below them
  hooks.registerOperation('permission.positionsOfOrganizes', async (ctx) => {
    const ids = idList(ctx.body.organizeIds, 'organizeIds');
    if (ids.length === 0) return { list: [] };
    const departs = await tenantDeparts(ctx.db, ctx.context.tenantId);
    const roots = departs.filter((d) => ids.includes(d.id) || (d.organizeId !== null && ids.includes(d.organizeId))).map((d) => d.id);
    const within = [...ids, ...descendantsOf(departs, roots)];
    return { list: (await ctx.rows([enabledPosition, sql`${sql.ref('organize_id')} in (${sql.join(within)})`])).map(positionOption) };
  });
}
