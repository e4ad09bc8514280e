import type { DataProvider, DataRecord } from '../../data/DataProvider';
import type { ServedModel } from '../../model/types';
import { v2, type TreeDefV2 } from '../../model/v2Parts';

// one level of a tree is read as one page this large: a level of more nodes than this is not a tree a
// person browses, and the page keeps a runaway level from loading everything
export const TREE_LEVEL_SIZE = 500;

/** The model's tree settings, with the defaults of docs/engine-v2-plan.md; a tree screen without them is a model error. */
export function treeSettings(served: ServedModel): Required<Pick<TreeDefV2, 'parentField' | 'rootValue'>> & TreeDefV2 {
  const tree = v2(served.model).tree;
  if (!tree?.parentField) throw new Error(`model ${served.model.id}: screen.kind "${v2(served.model).screen?.kind}" needs tree.parentField`);
  return { ...tree, rootValue: tree.rootValue ?? '0' };
}

/** The children of one node (or the roots, for the tree's rootValue), read through the parent filter. */
export async function loadChildren(served: ServedModel, provider: DataProvider, parent: string | number, signal?: AbortSignal): Promise<DataRecord[]> {
  const { parentField } = treeSettings(served);
  const page = await provider.list({
    page: 1,
    pageSize: TREE_LEVEL_SIZE,
    filters: { [parentField]: { op: 'eq', value: parent } },
    sort: served.model.entity.defaultSort,
    signal,
  });
  return page.records;
}
