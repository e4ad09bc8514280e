import { useEffect, useMemo, useState } from 'react';
import type { DataRecord } from '../../data/DataProvider';
import { buildRecordTree, type RecordNode } from './modelTree';
import { readAll } from './readAll';
import type { ModelSource } from './useModelSource';

export type ModelTree =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; nodes: RecordNode[]; records: Map<string, DataRecord> };

/**
 * A whole tree model read once when `active` (the dialog opens): like JeecgBoot's queryTreeList, a
 * department tree is small enough to load at once, and search on Enter then filters it in place.
 */
export function useModelTree(source: ModelSource, parentField: string, labelField: string, active: boolean): ModelTree {
  const [state, setState] = useState<{ records: DataRecord[] } | { error: unknown } | null>(null);
  useEffect(() => {
    if (!active || source.status !== 'ready') return;
    const controller = new AbortController();
    readAll(source.provider, { sort: source.served.model.entity.defaultSort, signal: controller.signal }).then(
      ({ records }) => !controller.signal.aborted && setState({ records }),
      (error: unknown) => !controller.signal.aborted && setState({ error }),
    );
    return () => controller.abort();
  }, [source, active]);
  return useMemo<ModelTree>(() => {
    if (source.status === 'error') return source;
    if (!state) return { status: 'loading' };
    if ('error' in state) return { status: 'error', error: state.error };
    return {
      status: 'ready',
      nodes: buildRecordTree(state.records, parentField, labelField),
      records: new Map(state.records.map((record) => [record.id, record])),
    };
  }, [source, state, parentField, labelField]);
}
