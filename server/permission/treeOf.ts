export type TreeItem<T> = T & { children: TreeItem<T>[]; hasChildren: boolean };

/**
 * Nests items by their parent id, in the given order. An item whose parent is not among the items is a
 * root; `exclude` drops a node and everything below it (a parent picker may not offer the record itself
 * or its descendants). A parent loop written outside the engine cannot recurse: each item is placed once.
 */
export function treeOf<T extends { id: string; parentId: string | null }>(items: T[], exclude: string | null = null): TreeItem<T>[] {
  const known = new Set(items.map((i) => i.id));
  const placed = new Set<string>();
  const childrenOf = new Map<string, T[]>();
  for (const item of items) if (item.parentId && known.has(item.parentId)) childrenOf.set(item.parentId, [...(childrenOf.get(item.parentId) ?? []), item]);
  const build = (item: T): TreeItem<T> => {
    placed.add(item.id);
    const children = (childrenOf.get(item.id) ?? []).filter((c) => c.id !== exclude && !placed.has(c.id)).map(build);
    return { ...item, children, hasChildren: children.length > 0 };
  };
  return items.filter((i) => (!i.parentId || !known.has(i.parentId)) && i.id !== exclude).map(build);
}
