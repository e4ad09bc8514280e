import type { MenuNode } from '../session/types';

/**
 * Spec 000 §2 guard step 4: the entries whose id is the chosen top-level menu, or whose title is the
 * message centre, are kept and their children flattened into one list — the side menu and the routes.
 */
export function selectMenuSubtree(menu: readonly MenuNode[], topMenuId: string | null, messageCentreTitles: readonly string[]): MenuNode[] {
  return menu.filter((node) => node.id === topMenuId || messageCentreTitles.includes(node.meta.title)).flatMap((node) => node.children ?? []);
}
