import { Tree, type TreeDataNode } from 'antd';
import { useState } from 'react';

/** One node of GET /api/permission/Role/{id}/Authorize: a menu (0), sub-menu (1) or button (2) with its code. */
export interface PermissionNode {
  id: string;
  name: string;
  menuType: number;
  perms: string | null;
  children: PermissionNode[];
}

function toDataNodes(nodes: PermissionNode[], buttonLabel: string): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: node.menuType === 2 ? `${node.name}（${buttonLabel}${node.perms ? ` ${node.perms}` : ''}）` : node.name,
    children: toDataNodes(node.children, buttonLabel),
  }));
}

/**
 * The checkable tree of menus, sub-menus and buttons a role is authorised from. Checks are independent
 * (checkStrictly): granting a button does not silently grant its siblings, and a menu is granted only
 * when ticked. `onChange` gets every checked id.
 */
export function RoleAuthorizeTree(props: { tree: PermissionNode[]; checked: string[]; buttonLabel: string; onChange(ids: string[]): void }) {
  const [checked, setChecked] = useState<string[]>(props.checked);
  return (
    <div style={{ maxHeight: 480, overflow: 'auto' }} data-testid="role-authorize-tree">
      <Tree
        checkable
        checkStrictly
        defaultExpandAll
        treeData={toDataNodes(props.tree, props.buttonLabel)}
        checkedKeys={checked}
        onCheck={(keys) => {
          const ids = (Array.isArray(keys) ? keys : keys.checked).map(String);
          setChecked(ids);
          props.onChange(ids);
        }}
      />
    </div>
  );
}
