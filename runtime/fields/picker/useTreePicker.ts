import { useEffect, useState } from 'react';
import { idsOf, labelOf } from './pickedValue';
import { useModelSource } from './useModelSource';
import { useModelTree } from './useModelTree';
import { useRecordLabels } from './useRecordLabels';

export interface TreePickerOptions {
  value: unknown;
  model: string;
  labelField: string;
  parentField: string;
}

/**
 * The state a tree picker's dialog works on: the tree (read when the dialog opens), the ids the
 * field holds, the ids checked in the dialog (reset to the field's on every opening), and the texts of both.
 */
export function useTreePicker({ value, model, labelField, parentField }: TreePickerOptions) {
  const source = useModelSource(model);
  const [open, setOpen] = useState(false);
  const tree = useModelTree(source, parentField, labelField, open);
  const ids = idsOf(value);
  const [checked, setChecked] = useState<string[]>(ids);
  useEffect(() => {
    if (open) setChecked(idsOf(value));
  }, [open, value]);
  const treeLabels = tree.status === 'ready' ? Object.fromEntries([...tree.records].map(([id, record]) => [id, labelOf(record, labelField)])) : {};
  const labels = useRecordLabels(source.status === 'ready' ? source.provider : undefined, [...new Set([...ids, ...checked])], labelField, treeLabels);
  return { open, setOpen, tree, ids, checked, setChecked, labels };
}
