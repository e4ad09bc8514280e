import { pagePermissionOf, type PagePermission } from '../../runtime/access/pageButtons';
import type { MenuNode } from '../session/types';

/**
 * The permission list entry of the page showing `modelId`: from the menu items' meta.permissionList
 * (spec 000 §2), the first item that has one for this model. None: permission judging is off for the page.
 */
export function findPagePermission(menu: readonly MenuNode[] | null, modelId: string): PagePermission | undefined {
  for (const node of menu ?? []) {
    const own = pagePermissionOf(node.meta.permissionList, modelId);
    if (own) return own;
    const below = findPagePermission(node.children ?? [], modelId);
    if (below) return below;
  }
  return undefined;
}
