import { useMemo } from 'react';
import type { DataRecord } from '../../data/DataProvider';
import type { ServedModel } from '../../model/types';
import { fieldLabel } from '../modelText';
import { useRuntime } from '../RuntimeProvider';
import { useNarrowScreen } from '../useNarrowScreen';
import { useRenderText } from '../useRenderText';
import type { AllowedActions } from './allowedActions';
import { buildColumns } from './buildColumns';
import { deleteConfirmKey } from './deleteConfirm';
import { RecordLink } from './RecordLink';
import { RowActions, type RowActionHandlers } from './RowActions';
import { StateSwitch } from './StateSwitch';
import type { CustomRowCell } from './useCustomRowRenderer';
import { useDictOptionMap } from './useDictOptionMap';
import type { ListController } from './useListController';
import type { RecordActions } from './useRecordActions';

interface ListColumnsInput {
  served: ServedModel;
  list: ListController;
  allowed: AllowedActions;
  actions: RecordActions;
  onEdit(record: DataRecord): void;
  onDetail(record: DataRecord): void;
  /** the model's own row actions (list.actions objects) */
  customRow?: CustomRowCell;
}

/** buildColumns wired to the page: memoised, so cells re-render only when what they show changes. */
export function useListColumns({ served, list, allowed, actions, onEdit, onDetail, customRow }: ListColumnsInput) {
  const { hooks } = useRuntime();
  const t = useRenderText();
  const dictOptions = useDictOptionMap(served);
  const { sort, page, pageSize } = list.params;
  const state = served.model.api.state;
  // below antd's sm (576 px) is a phone; known at the first render (Grid.useBreakpoint reports after mounting,
  // rendering the whole list a second time before its rows are painted)
  const narrow = useNarrowScreen();

  return useMemo(() => {
    const handlers: RowActionHandlers = {
      canEdit: allowed.edit,
      canDetail: allowed.detail,
      canDelete: allowed.delete,
      deleteConfirm: t(deleteConfirmKey(served.model)),
      onEdit,
      onDetail,
      onDelete: actions.remove,
      renderCustom: customRow?.render,
    };
    // every label a row may show, for the column's width (a cut 打印 or Delete was seen)
    const actionLabels = [
      ...(handlers.canEdit ? [t('action.edit')] : []),
      ...(handlers.canDetail ? [t('action.detail')] : []),
      ...(handlers.canDelete ? [t('action.delete')] : []),
      ...(customRow?.labels ?? []),
    ];
    return buildColumns(served, {
      t,
      dictOptions,
      sort,
      cellHook: (name) => hooks.require('cell', name),
      offset: (page - 1) * pageSize,
      narrow,
      renderStateSwitch:
        allowed.state && state
          ? (record, field) => (
              <StateSwitch
                checked={String(record[field]) === String(state.on ?? 1)}
                label={fieldLabel(served, field, t)}
                onToggle={() => actions.toggleState(record)}
              />
            )
          : undefined,
      renderActions: actionLabels.length > 0 ? (record) => <RowActions record={record} t={t} {...handlers} /> : undefined,
      actionLabels,
      renderLink: (content, link, record) => (
        <RecordLink link={link} id={record[link.idField]}>
          {content}
        </RecordLink>
      ),
    });
  }, [served, t, dictOptions, sort, page, pageSize, allowed, actions, onEdit, onDetail, state, hooks, customRow, narrow]);
}
