import { logSecurityEvent } from '../auth/securityLog.js';
import { newId } from '../db/ids.js';
import { nowText } from '../db/timestamps.js';
import { appError } from '../errors.js';
import type { HookRegistry } from '../engine/hookRegistry.js';
import { grantableRows } from './grantReach.js';
import { idList } from './hookInput.js';

/** One node of the permission tree a role is authorised from: a menu, a sub-menu or a button. */
interface PermissionNode {
  id: string;
  parentId: string | null;
  name: string;
  /** 0 menu, 1 sub-menu, 2 button */
  menuType: number;
  perms: string | null;
  sortNo: number;
  children: PermissionNode[];
}

const ROLE_PERMISSION_TABLE = 'sys_role_permission';

/**
 * Role authorisation (spec 000 §6: menu and button permissions): the tree of menus, sub-menus and
 * buttons the caller may hand out, with the role's current grants checked, and the replacement of those
 * grants in one transaction. A caller can grant only what they hold themselves (else a role editor could
 * give a role, and so themselves, any permission); grants outside their reach are kept as they are.
 */
export function registerRoleAuthorize(hooks: HookRegistry): void {
  hooks.registerOperation('permission.rolePermissions', async (ctx) => {
    const roleId = String(ctx.record!.id);
    const rows = await grantableRows(ctx.db, ctx.context.auth);
    const nodes = new Map<string, PermissionNode>(
      rows.map((r) => [
        r.id,
        { id: r.id, parentId: r.parentId, name: r.name, menuType: r.menuType, perms: r.perms, sortNo: Number(r.sortNo ?? 0), children: [] },
      ]),
    );
    const roots: PermissionNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentId ? nodes.get(node.parentId) : undefined;
      (parent ? parent.children : roots).push(node);
    }
    const order = (list: PermissionNode[]) => {
      list.sort((a, b) => a.sortNo - b.sortNo || a.name.localeCompare(b.name, 'zh-CN'));
      for (const node of list) order(node.children);
    };
    order(roots);
    const checked = await ctx.db.selectFrom('sysRolePermission').select('permissionId').where('roleId', '=', roleId).execute();
    return { tree: roots, checked: checked.map((c) => c.permissionId).filter((id) => nodes.has(id)) };
  });

  hooks.registerOperation('permission.authorizeRole', async (ctx) => {
    const roleId = String(ctx.record!.id);
    const wanted = new Set(idList(ctx.body.permissionIds, 'permissionIds'));
    const reach = new Set((await grantableRows(ctx.db, ctx.context.auth)).map((r) => r.id));
    for (const id of wanted) if (!reach.has(id)) throw appError('CL_ERR_PERMISSION_NOT_GRANTABLE', { id: id.slice(0, 100) });
    const current = (await ctx.db.selectFrom('sysRolePermission').select('permissionId').where('roleId', '=', roleId).execute()).map((r) => r.permissionId);
    const removed = current.filter((id) => reach.has(id) && !wanted.has(id));
    const added = [...wanted].filter((id) => !current.includes(id));
    if (removed.length > 0) await ctx.db.deleteFrom('sysRolePermission').where('roleId', '=', roleId).where('permissionId', 'in', removed).execute();
    const createTime = nowText();
    for (let i = 0; i < added.length; i += 500) {
      const rows = added
        .slice(i, i + 500)
        .map((permissionId) => ({ id: newId(), roleId, permissionId, createBy: ctx.context.auth.username, createTime, version: 1 }));
      await ctx.db.insertInto('sysRolePermission').values(rows).execute();
    }
    ctx.touch(ROLE_PERMISSION_TABLE);
    await logSecurityEvent(ctx.db, {
      event: 'role.authorized',
      userId: ctx.context.auth.userId,
      username: ctx.context.auth.username,
      detail: `role ${roleId}: +${added.length} -${removed.length}`,
    });
    return { added: added.length, removed: removed.length };
  });
}
