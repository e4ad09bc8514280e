/**
 * Flat rows as a tree under `root`: each row gets `children` (only when it has some). A row whose parent
 * chain loops back to itself is cut there, so corrupt data cannot make an endless answer.
 */
export function nestRows<T extends object>(
  rows: readonly T[],
  idOf: (row: T) => string,
  parentOf: (row: T) => string,
  root: string,
): (T & { children?: unknown[] })[] {
  const byParent = new Map<string, T[]>();
  for (const row of rows) byParent.set(parentOf(row), [...(byParent.get(parentOf(row)) ?? []), row]);
  const attach = (parent: string, seen: ReadonlySet<string>): (T & { children?: unknown[] })[] =>
    (byParent.get(parent) ?? []).map((row) => {
      const id = idOf(row);
      if (seen.has(id)) return row;
      const children = attach(id, new Set([...seen, id]));
      return children.length > 0 ? { ...row, children } : row;
    });
  return attach(root, new Set());
}
