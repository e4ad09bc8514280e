import { sql } from 'kysely';
import type { BeforeSaveContext, HookRegistry } from '../engine/hookRegistry.js';
import { appError, errorText, validationError } from '../errors.js';
import { assertPermissionRowWithinReach, permissionCodeOf } from '../permission/grantReach.js';
import { assertTreeParent, hasTreeChildren } from './treeHooks.js';

// sys_permission.menu_type (dictionary menu_type): 一级菜单, 子菜单, 按钮权限
const TOP_MENU = 0;
const BUTTON = 2;

/**
 * The permission tree's rules (菜单管理, system.permission):
 * - system.checkMenu (beforeSave): the parent exists and is not the node's own branch (the tree rule),
 *   a 一级菜单 has no parent, a 子菜单 or 按钮权限 has one that is no button, and a button carries its
 *   permission code; an edit or 状态 (it guards the state operation too) keeps to the caller's rights
 *   (grantReach.ts: the code a granted row has, and the one it is given, must be the caller's);
 * - system.removeMenu (the delete): a node with children is refused, so is a node a module file defines
 *   (the module would bring it back at the next start), and a granted node whose code the caller lacks;
 *   otherwise its role grants go with it.
 */
export function registerMenuHooks(hooks: HookRegistry): void {
  const checkMenu = async (ctx: BeforeSaveContext) => {
    const { values, mode, id, db, context } = ctx;
    const stored =
      mode === 'update' ? await db.selectFrom('sysPermission').select(['parentId', 'menuType', 'perms']).where('id', '=', id).executeTakeFirst() : undefined;
    if (stored) {
      const code = permissionCodeOf(stored.perms);
      await assertPermissionRowWithinReach(db, ctx.auth.userId, id, code, 'perms' in values ? permissionCodeOf(values.perms) : code);
    }
    // the state operation hands over the new status alone: the tree rules below read the form
    if (mode === 'update' && Object.keys(values).every((field) => field === 'status')) return;
    await assertTreeParent(ctx);
    const pick = (field: 'parentId' | 'menuType' | 'perms') => (field in values ? values[field] : stored?.[field]);
    const menuType = Number(pick('menuType'));
    const parent = pick('parentId');
    const hasParent = parent !== null && parent !== undefined && parent !== '' && parent !== '0';
    const perms = pick('perms');
    const problems: { field: string; message: string }[] = [];
    if (menuType === TOP_MENU && hasParent) problems.push({ field: 'parentId', message: errorText('CL_ERR_MENU_TOP_HAS_PARENT', context.lang) });
    if (menuType !== TOP_MENU && !hasParent) problems.push({ field: 'parentId', message: errorText('CL_ERR_MENU_PARENT_REQUIRED', context.lang) });
    if (hasParent) {
      const parentRow = await db.selectFrom('sysPermission').select('menuType').where('id', '=', String(parent)).executeTakeFirst();
      if (parentRow && Number(parentRow.menuType) === BUTTON)
        problems.push({ field: 'parentId', message: errorText('CL_ERR_MENU_PARENT_BUTTON', context.lang) });
    }
    if (menuType === BUTTON && (typeof perms !== 'string' || perms.trim() === ''))
      problems.push({ field: 'perms', message: errorText('CL_ERR_MENU_BUTTON_PERMS', context.lang) });
    if (problems.length > 0) throw validationError(problems);
    // the menu tree's roots have no parent (menuTree.ts): the tree screen's root value is not stored
    if ('parentId' in values && !hasParent) return { ...values, parentId: null };
  };
  hooks.register('system.checkMenu', checkMenu, { onStateToggle: true });

  hooks.registerOperation('system.removeMenu', async ({ model, record, db, context }) => {
    const id = String(record!.id);
    if (await hasTreeChildren(model, context, db, id)) throw appError('CL_ERR_TREE_HAS_CHILDREN');
    if (record!.moduleId) throw appError('CL_ERR_MENU_FROM_MODULE');
    const code = permissionCodeOf(record!.perms);
    await assertPermissionRowWithinReach(db, context.auth.userId, id, code, code);
    await sql`delete from sys_role_permission where permission_id = ${id}`.execute(db);
    await sql`delete from sys_permission where id = ${id}`.execute(db);
    return null;
  });
}
