import { useMemo } from 'react';
import type { DataRecord } from '../../data/DataProvider';
import type { ServedModel } from '../../model/types';
import { fieldLabel } from '../modelText';
import { useRuntime } from '../RuntimeProvider';
import { useFeedback } from '../useFeedback';
import { useNarrowScreen } from '../useNarrowScreen';
import { useRenderText } from '../useRenderText';
import type { AllowedActions } from './allowedActions';
import { buildColumns } from './buildColumns';
import { deleteConfirmKey } from './deleteConfirm';
import { RecordLink } from './RecordLink';
import { RowActions } from './RowActions';
import { foldRowLinks, type RowLink } from './rowLinks';
import { StateSwitch } from './StateSwitch';
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
  /** the model's own row actions (list.actions objects), after the built-in ones */
  customRow?: readonly RowLink[];
}

/** buildColumns wired to the page: memoised, so cells re-render only when what they show changes. */
export function useListColumns({ served, list, allowed, actions, onEdit, onDetail, customRow }: ListColumnsInput) {
  const { hooks } = useRuntime();
  const t = useRenderText();
  const { confirm } = useFeedback();
  const dictOptions = useDictOptionMap(served);
  const { sort, page, pageSize } = list.params;
  const state = served.model.api.state;
  // below antd's sm (576 px) is a phone; known at the first render (Grid.useBreakpoint reports after mounting,
  // rendering the whole list a second time before its rows are painted)
  const narrow = useNarrowScreen();

  return useMemo(() => {
    // built-in keys apart from the model's own action keys (a row action may be called delete)
    const links: RowLink[] = [
      ...(allowed.edit ? [{ key: '__edit', label: t('action.edit'), run: onEdit }] : []),
      ...(allowed.detail ? [{ key: '__detail', label: t('action.detail'), run: onDetail }] : []),
      ...(allowed.delete
        ? [{ key: '__delete', label: t('action.delete'), danger: true, confirm: t(deleteConfirmKey(served.model)), run: actions.remove }]
        : []),
      ...(customRow ?? []),
    ];
    // the model may say how many show side by side (list.rowLinks, version 17)
    const folded = foldRowLinks(links, served.model.list?.rowLinks);
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
      renderActions: links.length > 0 ? (record) => <RowActions record={record} links={folded} t={t} confirm={confirm} /> : undefined,
      // the links a row may show side by side, and 更多, size the column (a cut 打印 or Delete was seen)
      actionLabels: folded.inline.map((link) => link.label),
      moreLabel: folded.more.length > 0 ? t('action.more') : undefined,
      renderLink: (content, link, record) => (
        <RecordLink link={link} id={record[link.idField]}>
          {content}
        </RecordLink>
      ),
    });
  }, [served, t, dictOptions, sort, page, pageSize, allowed, actions, onEdit, onDetail, state, hooks, customRow, narrow, confirm]);
}
