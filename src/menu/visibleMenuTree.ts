import type { MenuNode } from '../session/types';
import { menuNodeKind } from './menuNodeKind';

export interface VisibleMenuItem {
  /** the node's path: unique, and what the router matches */
  key: string;
  node: MenuNode;
  /** present for a submenu */
  children?: VisibleMenuItem[];
}

/**
 * What the side menu shows (spec 000 §2): hidden items are left out, and so are containers with no
 * visible children. A page whose children are all hidden (detail routes) stays a plain item.
 */
export function visibleMenuTree(nodes: readonly MenuNode[]): VisibleMenuItem[] {
  const items: VisibleMenuItem[] = [];
  for (const node of nodes) {
    if (node.hidden) continue;
    const children = visibleMenuTree(node.children ?? []);
    if (children.length > 0) items.push({ key: node.path, node, children });
    else if (menuNodeKind(node).kind !== 'container') items.push({ key: node.path, node });
  }
  return items;
}
