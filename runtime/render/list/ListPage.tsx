import { Alert, App } from 'antd';
import { Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { whenAllowed } from '../../access/createAccessChecker';
import type { DataProvider, DataRecord, FieldFilter } from '../../data/DataProvider';
import type { ListAction, ServedModel } from '../../model/types';
import { formWidgetNames } from '../form/formWidgetNames';
import { useFormController } from '../form/useFormController';
import { useRuntime } from '../RuntimeProvider';
import { useFeedback } from '../useFeedback';
import { useRenderText } from '../useRenderText';
import { allowedActions } from './allowedActions';
import { applyColumnSettings, settingsRows, type ColumnSetting } from './columnSettings';
import { configErrors } from './configErrors';
import { CustomActionButtons } from './CustomActionButtons';
import { customActions } from './customActions';
import { toListParams, type PendingPage } from './firstPage';
import { ListTable } from './ListTable';
import { ListToolbar } from './ListToolbar';
import { ListTools } from './ListTools';
import { useToolPanels } from './useToolPanels';
import { pageSettings } from './pageSettings';
import { SearchBar } from './SearchBar';
import { useIdlePreload } from './useIdlePreload';
import { useListColumns } from './useListColumns';
import { useColumnSettings } from './useColumnSettings';
import { useCustomActions, type BuiltInRunners } from './useCustomActions';
import { useListController } from './useListController';
import { useRecordActions } from './useRecordActions';
import { useCustomRowLinks } from './useCustomRowLinks';
import { dialogFailure, lazyPart } from '../lazyPart';

// the add / edit / detail dialog and Formily with it: fetched on idle or with the first opening (docs/client-budgets.md)
const loadFormDialog = () => import('../form/FormDialog');
const FormDialog = lazyPart(
  async () => (await loadFormDialog()).FormDialog,
  dialogFailure((props) => props.controller.close()),
);

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
  /** rows of the caller's own record (personal information's tabs): 详情 shows without the list permission, the server answers those reads */
  own?: boolean;
  /** the first page, already requested with this page's provider (ModelPage does); the first load uses it */
  firstPage?: PendingPage;
  /** false: no checkboxes, whatever the actions (a report's rows are no records to pick) */
  selectable?: boolean;
}

/**
 * The generic list page of one model (spec 001 §2): search bar, toolbar (add, batch delete, the model's
 * actions with import and export, advanced query, column settings), table with row actions, and the
 * add / edit / detail dialog. Everything screen-specific comes from the model file; the heavy tools
 * load on first use.
 *
 * @example
 * <ListPage served={served} />
 */
export function ListPage({ served, dataProvider, fixedFilters, fixedValues, readOnly = false, own = false, firstPage, selectable = true }: ListPageProps) {
  const runtime = useRuntime();
  const t = useRenderText();
  const feedback = useFeedback();
  const provider = dataProvider ?? runtime.dataProviderFor(served.model);
  const root = useRef<HTMLDivElement>(null);
  const { message } = App.useApp();
  const { panel, mounted, openPanel, closePanel } = useToolPanels();

  const list = useListController(served, provider, { fixedFilters, firstPage });
  const allowed = useMemo(() => allowedActions(served, runtime.access, readOnly, own), [served, runtime.access, readOnly, own]);
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
        () => allowedActions(served, runtime.access, readOnly, own)[action],
        run,
        () => feedback.warning(runtime.i18n.t('access.permissionDenied', { ns: 'data' })),
      ),
    [served, runtime, readOnly, own, feedback],
  );
  const onAdd = useCallback(() => guarded('add', openAdd), [guarded, openAdd]);
  const onEdit = useCallback((record: DataRecord) => guarded('edit', () => openEdit(record.id)), [guarded, openEdit]);
  const onDetail = useCallback((record: DataRecord) => openDetail(record.id), [openDetail]);
  const custom = useMemo(() => customActions(served, runtime.access, readOnly), [served, runtime.access, readOnly]);
  const { params, selection } = list;
  const builtIn = useMemo<BuiltInRunners>(
    () => ({
      import: () => openPanel('import'),
      export: async () => {
        const { exportList } = await import('./tools/exportList');
        const query = toListParams(params, fixedFilters, new AbortController().signal);
        await exportList({ served, provider, params: { ...query, signal: undefined }, selection, i18n: runtime.i18n, message });
      },
    }),
    [openPanel, params, fixedFilters, served, provider, selection, runtime.i18n, message],
  );
  const runner = useCustomActions(served, provider, list.selection, list.reload, feedback, builtIn);
  const customRow = useCustomRowLinks(served, custom, runner);
  const columns = useListColumns({ served, list, allowed, actions, onEdit, onDetail, customRow });
  const columnSettings = useColumnSettings(served);
  const shownColumns = useMemo(() => applyColumnSettings(columns, columnSettings.settings), [columns, columnSettings.settings]);
  const columnRows = useMemo(() => settingsRows(columns, columnSettings.settings), [columns, columnSettings.settings]);
  const { save: saveColumns } = columnSettings;
  const onColumns = useCallback((rows: ColumnSetting[]) => void saveColumns(rows).catch(feedback.error), [saveColumns, feedback]);
  const problems = useMemo(() => configErrors(served), [served]);
  const { sizes, paged } = pageSettings(served);
  // the form's lazily loaded widgets (date pickers), fetched before the first add / edit / detail
  const opensDialog = allowed.add || allowed.edit || allowed.detail;
  useIdlePreload(opensDialog && list.status === 'ready', () =>
    Promise.all([loadFormDialog(), runtime.SchemaField.preload(), runtime.fields.preload(formWidgetNames(served))]).then(() => undefined),
  );
  // mounted from the first opening on, so that closing keeps its animation
  const [dialogUsed, setDialogUsed] = useState(false);
  if (!dialogUsed && dialog.state.status !== 'closed') setDialogUsed(true);

  return (
    <div ref={root}>
      {problems.map(({ operation }) => (
        <Alert key={operation} type="error" showIcon style={{ marginBottom: 16 }} message={t('config.missing', { operation, model: served.model.id })} />
      ))}
      {(served.model.list?.search?.length ?? 0) > 0 && <SearchBar served={served} onSearch={list.search} />}
      <ListToolbar
        canAdd={allowed.add}
        canDeleteBatch={allowed.deleteBatch}
        onAdd={onAdd}
        onDeleteBatch={() => guarded('deleteBatch', () => actions.removeSelected(list.selection))}
        custom={custom.toolbar.length > 0 ? <CustomActionButtons served={served} actions={custom.toolbar} runner={runner} t={t} /> : undefined}
        superQuery={allowed.superQuery ? { active: Boolean(list.params.superQuery), onOpen: () => openPanel('superQuery') } : undefined}
        onColumns={() => openPanel('columns')}
      />
      <ListTable
        list={list}
        columns={shownColumns}
        sizes={sizes}
        paged={paged}
        scrollHeight={served.model.list?.scrollHeight}
        selectable={selectable && (allowed.deleteBatch || custom.toolbar.some((action) => Boolean(action.operation)))}
        onPageSizeChange={() => root.current?.scrollIntoView?.({ block: 'start' })}
      />
      {dialogUsed && (
        <Suspense fallback={null}>
          <FormDialog served={served} controller={dialog} />
        </Suspense>
      )}
      <ListTools
        served={served}
        provider={provider}
        open={panel}
        mounted={mounted}
        onClose={closePanel}
        superQuery={list.params.superQuery}
        onSuperQuery={(query) => {
          list.changeSuperQuery(query ?? undefined);
          if (query) closePanel();
        }}
        onImported={list.reload}
        columnRows={columnRows}
        onColumns={onColumns}
      />
    </div>
  );
}
