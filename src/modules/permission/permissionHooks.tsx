import { Modal, Tag } from 'antd';
import type { ActionContext, HookRegistry } from '../../../runtime';
import type { HttpClient } from '../../../runtime/data/HttpClient';
import { DataRulePreview } from './DataRulePreview';
import { RoleAuthorizeTree, type PermissionNode } from './RoleAuthorizeTree';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * permission.authorizeRole (the role list's 授权 action): loads the permission tree the signed-in user
 * may hand out with the role's grants checked, lets them tick menus, sub-menus and buttons, and saves the
 * whole set in one call (PUT /api/permission/Role/{id}/Authorize). The server checks every id again.
 */
function authorizeRole(http: HttpClient, t: Translate) {
  return async ({ served, record }: ActionContext): Promise<string | void> => {
    if (!record) return;
    const url = `${served.model.api.base}/${encodeURIComponent(record.id)}/Authorize`;
    const { data } = await http.get<{ tree: PermissionNode[]; checked: string[] }>(url);
    let chosen = data.checked;
    const saved = await new Promise<boolean>((resolve) => {
      Modal.confirm({
        title: t('permission.authorizeTitle'),
        icon: null,
        width: 640,
        okText: t('permission.save'),
        content: <RoleAuthorizeTree tree={data.tree} checked={data.checked} buttonLabel={t('permission.button')} onChange={(ids) => (chosen = ids)} />,
        onOk: async () => {
          await http.put(url, { permissionIds: chosen });
          resolve(true);
        },
        onCancel: () => resolve(false),
      });
    });
    return saved ? t('permission.saved') : undefined;
  };
}

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
 * permission.previewDataRule (数据规则's 预览): the rule's effect as a count, for the signed-in user or a
 * user of the tenant chosen in the dialog, counted by the server as the engine applies the rule.
 */
function previewDataRule(http: HttpClient, t: Translate) {
  return ({ record }: ActionContext): void => {
    if (!record) return;
    Modal.info({
      title: t('permission.previewTitle'),
      icon: null,
      width: 520,
      okText: t('permission.close'),
      content: <DataRulePreview http={http} ruleId={record.id} t={t} />,
    });
  };
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
  hooks.register('action', 'permission.authorizeRole', authorizeRole(http, t));
  hooks.register('action', 'permission.addChildMenu', addChildMenu);
  hooks.register('action', 'permission.previewDataRule', previewDataRule(http, t));
  hooks.register('cell', 'permission.currentSession', currentSession(t));
}
