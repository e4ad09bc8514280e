import { Alert, App, Table } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import type { DataRecord, FieldFilter } from '../../data/DataProvider';
import { FormDialog } from '../form/FormDialog';
import { useFormController } from '../form/useFormController';
import { allowedActions } from '../list/allowedActions';
import { CustomActionButtons } from '../list/CustomActionButtons';
import { customActions } from '../list/customActions';
import { toListParams } from '../list/firstPage';
import { listPager } from '../list/listPager';
import { ListToolbar } from '../list/ListToolbar';
import { ListTools } from '../list/ListTools';
import { pageSettings } from '../list/pageSettings';
import { useToolPanels } from '../list/useToolPanels';
import { useListColumns } from '../list/useListColumns';
import { useCustomActions, type BuiltInRunners } from '../list/useCustomActions';
import { useListController, type SearchCriteria } from '../list/useListController';
import { SearchBar } from '../list/SearchBar';
import { useRecordActions } from '../list/useRecordActions';
import { useRuntime } from '../RuntimeProvider';
import type { ScreenProps } from '../screen/createScreenRegistry';
import { useErrorText, useFeedback } from '../useFeedback';
import { useRenderText } from '../useRenderText';
import { loadChildren, treeSettings } from './treeNodes';
import { useCustomRowLinks } from '../list/useCustomRowLinks';

type Row = DataRecord & { children?: Row[] };

// a node whose children came back empty is a leaf: without a children list antd draws no expander
function withChildren(rows: Row[], id: string, children: Row[]): Row[] {
  return rows.map((row) =>
    row.id === id
      ? { ...row, children: children.length > 0 ? children : undefined }
      : row.children
        ? { ...row, children: withChildren(row.children, id, children) }
        : row,
  );
}

// a tree table has no column settings
const noTool = () => undefined;
const NO_COLUMNS: never[] = [];

/** whether the search bar asks for anything (an empty search shows the tree again) */
const searches = (criteria: SearchCriteria) => Boolean(criteria.keyword) || Object.keys(criteria.filters).length > 0;

/**
 * A tree table (screen.kind 'treeTable'): the model's search bar (list.search), the roots page by page,
 * each row's children read through the parent filter when it is expanded, with the list's columns, the
 * model's row and toolbar actions and the add / edit / detail dialog. A search lists the matching rows of
 * every level, page by page and without expanders (a match's children may match too; each row shows once);
 * 重置 shows the tree again; an advanced query (list.actions superQuery) lists its matches the same way.
 * Import and export are the list page's (the export holds every level matching the search, not the roots
 * only). With deleteBatch among the model's actions, rows of every level unfolded have checkboxes (a parent's
 * check does not check its children) and 批量删除 deletes the checked ones, as on a list (spec 001 §2). A new record starts from the form's defaults (a chosen parent is kept); an action hook may open
 * the dialog with starting values (添加下级 names the row as the parent).
 */
export function TreeTablePage({ served, readOnly = false }: ScreenProps) {
  const runtime = useRuntime();
  const t = useRenderText();
  const describe = useErrorText();
  const feedback = useFeedback();
  const provider = runtime.dataProviderFor(served.model);
  const settings = useMemo(() => treeSettings(served), [served]);
  const { sizes } = pageSettings(served);
  const roots = useMemo<Record<string, FieldFilter>>(() => ({ [settings.parentField]: { op: 'eq', value: settings.rootValue } }), [settings]);
  const { message } = App.useApp();
  const [searching, setSearching] = useState(false);
  const { panel, mounted, openPanel, closePanel } = useToolPanels();
  const list = useListController(served, provider, { fixedFilters: searching ? undefined : roots });
  const [loaded, setLoaded] = useState<Record<string, Row[]>>({});
  const allowed = useMemo(() => allowedActions(served, runtime.access, readOnly), [served, runtime.access, readOnly]);
  const reload = useCallback(() => {
    setLoaded({});
    list.reload();
  }, [list]);
  const { search, changeSuperQuery, params } = list;
  const [criteriaGiven, setCriteriaGiven] = useState(false);
  const onSearch = useCallback(
    (criteria: SearchCriteria) => {
      setCriteriaGiven(searches(criteria));
      setSearching(searches(criteria) || Boolean(params.superQuery));
      setLoaded({});
      search(criteria);
    },
    [search, params.superQuery],
  );
  const onSuperQuery = useCallback(
    (query: Parameters<typeof changeSuperQuery>[0] | null) => {
      setSearching(criteriaGiven || Boolean(query?.conditions.length));
      setLoaded({});
      changeSuperQuery(query ?? undefined);
      if (query) closePanel();
    },
    [changeSuperQuery, criteriaGiven, closePanel],
  );
  const actions = useRecordActions(provider, reload, feedback, t);
  const dialog = useFormController(served, provider, {
    onSaved: (message) => {
      feedback.success(message);
      reload();
    },
    onError: feedback.error,
  });
  const onEdit = useCallback((record: DataRecord) => dialog.openEdit(record.id), [dialog]);
  const onDetail = useCallback((record: DataRecord) => dialog.openDetail(record.id), [dialog]);
  const { openAdd } = dialog;
  const custom = useMemo(() => customActions(served, runtime.access, readOnly), [served, runtime.access, readOnly]);
  const builtIn = useMemo<BuiltInRunners>(
    () => ({
      import: () => openPanel('import'),
      export: async () => {
        const { exportList } = await import('../list/tools/exportList');
        const query = toListParams(params, undefined, new AbortController().signal);
        await exportList({ served, provider, params: { ...query, signal: undefined }, selection: [], i18n: runtime.i18n, message });
      },
      openAdd: allowed.add ? openAdd : undefined,
    }),
    [allowed.add, openAdd, openPanel, params, served, provider, runtime.i18n, message],
  );
  const runner = useCustomActions(served, provider, [], reload, feedback, builtIn);
  const customRow = useCustomRowLinks(served, custom, runner);
  const columns = useListColumns({ served, list, allowed, actions, onEdit, onDetail, customRow });

  const rows = useMemo(() => {
    // found rows are a flat list: no expander (children undefined), so no row is shown twice
    let shown: Row[] = list.status === 'ready' ? list.records.map((record) => (searching ? { ...record } : { ...record, children: [] })) : [];
    for (const [id, children] of Object.entries(loaded))
      shown = withChildren(
        shown,
        id,
        children.map((child) => ({ ...child, children: [] })),
      );
    return shown;
  }, [list, loaded, searching]);

  const expand = async (expanded: boolean, row: Row) => {
    if (!expanded || loaded[row.id]) return;
    try {
      const children = await loadChildren(served, provider, row.id);
      setLoaded((current) => ({ ...current, [row.id]: children }));
    } catch (error) {
      feedback.error(error);
    }
  };

  if (list.status === 'error') return <Alert type="error" showIcon message={describe(list.error)} />;
  return (
    <div>
      {(served.model.list?.search?.length ?? 0) > 0 && <SearchBar served={served} onSearch={onSearch} />}
      <ListToolbar
        canAdd={allowed.add}
        canDeleteBatch={allowed.deleteBatch}
        onAdd={() => openAdd()}
        onDeleteBatch={() => actions.removeSelected(list.selection)}
        custom={custom.toolbar.length > 0 ? <CustomActionButtons served={served} actions={custom.toolbar} runner={runner} t={t} /> : undefined}
        superQuery={allowed.superQuery ? { active: Boolean(params.superQuery), onOpen: () => openPanel('superQuery') } : undefined}
      />
      <Table<Row>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.status === 'loading'}
        expandable={{ onExpand: (expanded, row) => void expand(expanded, row) }}
        rowSelection={
          allowed.deleteBatch ? { checkStrictly: true, selectedRowKeys: list.selection, onChange: (keys) => list.setSelection(keys.map(String)) } : undefined
        }
        pagination={{ ...listPager(list, sizes, t), onChange: list.changePage }}
      />
      <FormDialog served={served} controller={dialog} />
      <ListTools
        served={served}
        provider={provider}
        open={panel}
        mounted={mounted}
        onClose={closePanel}
        superQuery={params.superQuery}
        onSuperQuery={onSuperQuery}
        onImported={reload}
        columnRows={NO_COLUMNS}
        onColumns={noTool}
      />
    </div>
  );
}
