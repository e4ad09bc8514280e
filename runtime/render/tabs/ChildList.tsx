import { Alert, Spin } from 'antd';
import { useMemo } from 'react';
import type { FieldFilter } from '../../data/DataProvider';
import type { TabDef } from '../../model/types';
import { useRuntime } from '../RuntimeProvider';
import { modelText } from '../modelText';
import { useErrorText } from '../useFeedback';
import { useServedModel } from '../useServedModel';

/** A tab's title when the parent gives none: the child model's own title. */
export function ChildTitle({ modelId }: { modelId: string }) {
  const state = useServedModel(modelId);
  return <>{state.status === 'ready' ? modelText(state.served, state.served.model.title) : modelId}</>;
}

export interface ChildListProps {
  tab: TabDef;
  parentId: string;
  readOnly: boolean;
  /** the parent is the caller's own record (personal information): details show without the list permission */
  own?: boolean;
}

/** The sub-records of one parent: the child model's list, filtered by and creating with the foreign key. */
export function ChildList({ tab, parentId, readOnly, own = false }: ChildListProps) {
  const state = useServedModel(tab.model);
  // the list screen comes from the runtime's registry: importing ListPage here would close the cycle
  // ListPage → FormDialog → RecordTabs → ChildList → ListPage
  const ListScreen = useRuntime().screenKinds.component('list');
  const describe = useErrorText();
  const fixedFilters = useMemo<Record<string, FieldFilter>>(() => ({ [tab.foreignKey]: { op: 'eq', value: parentId } }), [tab.foreignKey, parentId]);
  const fixedValues = useMemo(() => ({ [tab.foreignKey]: parentId }), [tab.foreignKey, parentId]);

  if (state.status === 'loading') return <Spin />;
  if (state.status === 'error') return <Alert type="error" message={describe(state.error)} />;
  return <ListScreen served={state.served} fixedFilters={fixedFilters} fixedValues={fixedValues} readOnly={readOnly} own={own} />;
}
