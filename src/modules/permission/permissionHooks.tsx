import { Tag } from 'antd';
import type { ActionContext, HookRegistry } from '../../../runtime';
import type { HttpClient } from '../../../runtime/data/HttpClient';

type Translate = (key: string, values?: Record<string, unknown>) => string;

// sys_permission.menu_type: 一级菜单 0, 子菜单 1, 按钮权限 2
const SUB_MENU = 1;

/**
 * permission.addChildMenu (菜单管理's 添加下级): the add dialog with the row as the parent and 子菜单 as
 * the type (a button is one click away). The server checks the parent again (never a button).
 */
function addChildMenu({ record, openAdd }: ActionContext): void {
  if (!record || !openAdd) return;
  openAdd({ parentId: record.id, menuType: SUB_MENU });
}

/**
 * permission.currentSession (在线用户's 当前会话 column): marks the row of the session this page signs in
 * with (the server answers `current`), the one 强制退出 refuses to end.
 */
function currentSession(t: Translate) {
  return (value: unknown) => (value === true ? <Tag color="blue">{t('permission.sessionCurrent')}</Tag> : null);
}

/** The permission screens' client hooks (the system models under schemas/system/models name them). */
export function registerPermissionHooks(hooks: HookRegistry, http: HttpClient, t: Translate): void {
  // 授权 and 预览 open dialogs of their own, loaded with the first opening (permissionDialogs.tsx)
  const dialogs = () => import('./permissionDialogs');
  hooks.register('action', 'permission.authorizeRole', async (context) => (await dialogs()).authorizeRole(http, t)(context));
  hooks.register('action', 'permission.addChildMenu', addChildMenu);
  hooks.register('action', 'permission.previewDataRule', async (context) => (await dialogs()).previewDataRule(http, t)(context));
  hooks.register('cell', 'permission.currentSession', currentSession(t));
}
