/** A node as /sys/dict/loadTreeData and /sys/category/loadTree* answer it (docs/api-contract: key, title, value, leaf, children). */
export interface ServerTreeNode {
  key: string;
  title: string;
  value?: string;
  leaf?: boolean;
  isLeaf?: boolean;
  children?: ServerTreeNode[] | null;
}

export interface SelectTreeNode {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  /** last-level mode: only leaves can be chosen */
  selectable: boolean;
  disableCheckbox: boolean;
  children?: SelectTreeNode[];
}

/** The server's nodes as antd TreeSelect nodes; with `leafOnly` a node with children cannot be chosen. */
export function toSelectNodes(nodes: unknown, leafOnly: boolean): SelectTreeNode[] {
  if (!Array.isArray(nodes)) return [];
  return (nodes as ServerTreeNode[]).map((node) => {
    const isLeaf = Boolean(node.leaf ?? node.isLeaf);
    const children = node.children ? toSelectNodes(node.children, leafOnly) : undefined;
    const selectable = !leafOnly || isLeaf;
    return {
      key: String(node.key),
      value: String(node.value ?? node.key),
      title: String(node.title),
      isLeaf,
      selectable,
      disableCheckbox: !selectable,
      ...(children && children.length > 0 ? { children } : {}),
    };
  });
}

/** The nodes with `children` hung under the node `key`. */
export function withChildren(nodes: SelectTreeNode[], key: string, children: SelectTreeNode[]): SelectTreeNode[] {
  return nodes.map((node) => {
    if (node.key === key) return { ...node, children, isLeaf: children.length === 0 };
    return node.children ? { ...node, children: withChildren(node.children, key, children) } : node;
  });
}

/**
 * spec 000 §5: a tree select's condition must be a JSON object string. Returns the problem, or
 * undefined for no condition or a valid one.
 */
export function conditionProblem(condition: string | undefined): 'treeSelect.conditionInvalid' | undefined {
  if (condition === undefined || condition.trim() === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(condition);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? undefined : 'treeSelect.conditionInvalid';
  } catch {
    return 'treeSelect.conditionInvalid';
  }
}
