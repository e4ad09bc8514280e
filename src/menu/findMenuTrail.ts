import type { MenuNode } from '../session/types';

/** The chain of nodes from the top of `nodes` down to the node whose path is `pathname` ([] if none). */
export function findMenuTrail(nodes: readonly MenuNode[], pathname: string): MenuNode[] {
  for (const node of nodes) {
    if (node.path === pathname) return [node];
    const below = findMenuTrail(node.children ?? [], pathname);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

/** Spec 000 §2: a hidden child route selects its parent in the menu. */
export function selectedMenuNode(trail: readonly MenuNode[]): MenuNode | null {
  for (let i = trail.length - 1; i >= 0; i--) {
    if (!trail[i]!.hidden) return trail[i]!;
  }
  return null;
}
