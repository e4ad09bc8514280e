import type { DataRecord } from '../../data/DataProvider';
import { labelOf } from './pickedValue';

export interface RecordNode {
  key: string;
  title: string;
  children?: RecordNode[];
  isLeaf: boolean;
}

/**
 * Records of a self-referencing model (departments: parentId) as a tree. A record whose parent is
 * empty or not among the records is a root, so a user whose data scope starts below the top still
 * sees the part of the tree he may read.
 */
export function buildRecordTree(records: DataRecord[], parentField: string, labelField: string): RecordNode[] {
  const ids = new Set(records.map((record) => record.id));
  const byParent = new Map<string, DataRecord[]>();
  for (const record of records) {
    const parent = record[parentField];
    const key = typeof parent === 'string' && parent !== '' && ids.has(parent) && parent !== record.id ? parent : '';
    byParent.set(key, [...(byParent.get(key) ?? []), record]);
  }
  const seen = new Set<string>();
  const level = (parent: string): RecordNode[] =>
    (byParent.get(parent) ?? [])
      .filter((record) => !seen.has(record.id) && seen.add(record.id))
      .map((record) => {
        const children = level(record.id);
        return { key: record.id, title: labelOf(record, labelField), isLeaf: children.length === 0, ...(children.length > 0 ? { children } : {}) };
      });
  return level('');
}

/** The nodes whose title contains `text`, with their ancestors (an empty text keeps the whole tree). */
export function filterTree(nodes: RecordNode[], text: string): RecordNode[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') return nodes;
  return nodes.flatMap((node) => {
    if (node.title.toLowerCase().includes(needle)) return [node];
    const children = filterTree(node.children ?? [], needle);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

/** Every key of a tree, for expanding it whole. */
export const allKeys = (nodes: RecordNode[]): string[] => nodes.flatMap((node) => [node.key, ...allKeys(node.children ?? [])]);
