import { Modal } from 'antd';
import type { ActionContext } from '../../../runtime';
import type { HttpClient } from '../../../runtime/data/HttpClient';
import { DataRulePreview } from './DataRulePreview';
import { RoleAuthorizeTree, type PermissionNode } from './RoleAuthorizeTree';

// The permission screens' dialogs, in a chunk of their own that loads with the first one opened: the tree
// (antd's Tree) and the preview's form (antd's Form) are on no list page's first screen.

type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * permission.authorizeRole (the role list's 授权 action): loads the permission tree the signed-in user
 * may hand out with the role's grants checked, lets them tick menus, sub-menus and buttons, and saves the
 * whole set in one call (PUT /api/permission/Role/{id}/Authorize). The server checks every id again.
 */
export function authorizeRole(http: HttpClient, t: Translate) {
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

/**
 * permission.previewDataRule (数据规则's 预览): the rule's effect as a count, for the signed-in user or a
 * user of the tenant chosen in the dialog, counted by the server as the engine applies the rule.
 */
export function previewDataRule(http: HttpClient, t: Translate) {
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
