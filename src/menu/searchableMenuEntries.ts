import type { MenuNode } from '../session/types';
import { visibleMenuTree, type VisibleMenuItem } from './visibleMenuTree';

export interface SearchableEntry {
  node: MenuNode;
  /** the titles from the top down to the entry, for telling same-named entries apart */
  trail: string[];
}

/** Spec 000 §2 "Header menu search offers only visible, non-container menu entries". */
export function searchableMenuEntries(nodes: readonly MenuNode[]): SearchableEntry[] {
  const entries: SearchableEntry[] = [];
  const walk = (items: readonly VisibleMenuItem[], above: string[]) => {
    for (const item of items) {
      const trail = [...above, item.node.meta.title];
      if (item.children) walk(item.children, trail);
      else entries.push({ node: item.node, trail });
    }
  };
  walk(visibleMenuTree(nodes), []);
  return entries;
}
