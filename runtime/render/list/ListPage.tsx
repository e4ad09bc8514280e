import { useCallback, useMemo, useRef } from 'react';
import { whenAllowed } from '../../access/createAccessChecker';
import type { DataProvider, DataRecord, FieldFilter } from '../../data/DataProvider';
import type { ListAction, ServedModel } from '../../model/types';
import { FormDialog } from '../form/FormDialog';
import { formWidgetNames } from '../form/formWidgetNames';
import { useFormController } from '../form/useFormController';
import { useRuntime } from '../RuntimeProvider';
import { useFeedback } from '../useFeedback';
import { useRenderText } from '../useRenderText';
import { allowedActions } from './allowedActions';
import { CustomActionButtons } from './CustomActionButtons';
import { customActions } from './customActions';
import type { PendingPage } from './firstPage';
import { ListTable } from './ListTable';
import { ListToolbar } from './ListToolbar';
import { pageSettings } from './pageSettings';
import { SearchBar } from './SearchBar';
import { useIdlePreload } from './useIdlePreload';
import { useListColumns } from './useListColumns';
import { useCustomActions } from './useCustomActions';
import { useListController } from './useListController';
import { useRecordActions } from './useRecordActions';

export interface ListPageProps {
  served: ServedModel;
  /** default: runtime.dataProviderFor(served.model) */
  dataProvider?: DataProvider;
  /** filters every request carries (a sub-record tab's foreign key) */
  fixedFilters?: Record<string, FieldFilter>;
  /** values every created record gets (the same foreign key) */
  fixedValues?: Record<string, unknown>;
  /** hides add, edit, delete and state; keeps 详情 (a read-only tab, a detail dialog's tabs) */
  readOnly?: boolean;
  /** the first page, already requested with this page's provider (ModelPage does); the first load uses it */
  firstPage?: PendingPage;
}

/**
 * The generic list page of one model: search bar, toolbar, table with row actions, and the
 * add / edit / detail dialog. Everything screen-specific comes from the model file.
 *
 * @example
 * <ListPage served={served} />
 */
export function ListPage({ served, dataProvider, fixedFilters, fixedValues, readOnly = false, firstPage }: ListPageProps) {
  const runtime = useRuntime();
  const t = useRenderText();
  const feedback = useFeedback();
  const provider = dataProvider ?? runtime.dataProviderFor(served.model);
  const root = useRef<HTMLDivElement>(null);

  const list = useListController(served, provider, { fixedFilters, firstPage });
  const allowed = useMemo(() => allowedActions(served, runtime.access, readOnly), [served, runtime.access, readOnly]);
  const actions = useRecordActions(provider, list.reload, feedback, t);
  const dialog = useFormController(served, provider, {
    fixedValues,
    onSaved: (message) => {
      feedback.success(message);
      list.reload();
    },
    onError: feedback.error,
  });

  const { openAdd, openEdit, openDetail } = dialog;
  // a button stays on screen until the page renders again: the permission is checked again on the click
  const guarded = useCallback(
    (action: ListAction, run: () => void) =>
      whenAllowed(
        () => allowedActions(served, runtime.access, readOnly)[action],
        run,
        () => feedback.warning(runtime.i18n.t('access.permissionDenied', { ns: 'data' })),
      ),
    [served, runtime, readOnly, feedback],
  );
  const onAdd = useCallback(() => guarded('add', openAdd), [guarded, openAdd]);
  const onEdit = useCallback((record: DataRecord) => guarded('edit', () => openEdit(record.id)), [guarded, openEdit]);
  const onDetail = useCallback((record: DataRecord) => openDetail(record.id), [openDetail]);
  const custom = useMemo(() => customActions(served, runtime.access, readOnly), [served, runtime.access, readOnly]);
  const runner = useCustomActions(served, provider, list.selection, list.reload, feedback);
  const renderCustomRow = useMemo(
    () =>
      custom.row.length > 0
        ? (record: DataRecord) => <CustomActionButtons served={served} actions={custom.row} runner={runner} record={record} t={t} />
        : undefined,
    [custom, runner, served, t],
  );
  const columns = useListColumns({ served, list, allowed, actions, onEdit, onDetail, renderCustomRow });
  const { sizes } = pageSettings(served);
  // the form's lazily loaded widgets (date pickers), fetched before the first add / edit / detail
  const opensDialog = allowed.add || allowed.edit || allowed.detail;
  useIdlePreload(opensDialog && list.status === 'ready', () => runtime.fields.preload(formWidgetNames(served)));

  return (
    <div ref={root}>
      {(served.model.list?.search?.length ?? 0) > 0 && <SearchBar served={served} onSearch={list.search} />}
      <ListToolbar
        canAdd={allowed.add}
        canDeleteBatch={allowed.deleteBatch}
        onAdd={onAdd}
        onDeleteBatch={() => guarded('deleteBatch', () => actions.removeSelected(list.selection))}
        custom={custom.toolbar.length > 0 ? <CustomActionButtons served={served} actions={custom.toolbar} runner={runner} t={t} /> : undefined}
      />
      <ListTable
        list={list}
        columns={columns}
        sizes={sizes}
        selectable={allowed.deleteBatch || custom.toolbar.some((action) => Boolean(action.operation))}
        onPageSizeChange={() => root.current?.scrollIntoView?.({ block: 'start' })}
      />
      <FormDialog served={served} controller={dialog} />
    </div>
  );
}
