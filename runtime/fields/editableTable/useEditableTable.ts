import type { Field } from '@formily/core';
import { raw } from '@formily/reactive';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useRuntime } from '../../render/RuntimeProvider';
import { useFieldText } from '../useFieldText';
import { createTableStore, type Row, type TableStore } from './createTableStore';
import { buildTableColumns, type ColumnDef, type TableColumn } from './tableColumns';
import { rowDisabledBy } from './tableRules';
import { useLiveRows } from './useLiveRows';

/** typing commits the rows to the form after this pause (a blur or a structural change commits at once) */
export const COMMIT_DELAY_MS = 300;

export interface EditableTableOptions {
  /** the row property holding a persisted row's id (default id) */
  rowKey?: string;
  /** rows the user may not select: `{ property: value | [values] }` */
  disabledRows?: Record<string, unknown>;
  /** the order property when no column is the order column (default orderNum, with dragSort) */
  dragSortKey?: string;
  /** a sibling form field that receives the removed persisted ids, comma-joined */
  deletedIdsField?: string;
  /** live row updates with the page's other tables over /vxeSocket (a model id, optionally `:record`) */
  livePageId?: string;
}

type Ready = { store: TableStore; shown: TableColumn[]; flush(): void };

// the form's own copy, not Formily's observable proxy of it: reading 500 rows through the proxy would
// subscribe the field's render to every cell
const rowsOf = (value: unknown): Row[] => {
  const rows = raw(value);
  return Array.isArray(rows) ? rows.filter((row): row is Row => typeof row === 'object' && row !== null).map((row) => raw(row)) : [];
};

/**
 * The table's store for one field: built from the columns, loaded from the field value whenever that
 * value is not the one the table itself committed, committed back, and checked as a whole when the
 * form validates.
 */
export function useEditableTable(
  props: EditableTableOptions & { value?: unknown; onChange?: (rows: Row[]) => void; columns: ColumnDef[] },
  options: { dragSort: boolean; field: Field | undefined },
): Ready | { problem: string } {
  const runtime = useRuntime();
  const t = useFieldText();
  const { rowKey = 'id', dragSortKey = 'orderNum', deletedIdsField } = props;
  const columnsText = JSON.stringify(props.columns ?? []);
  const disabledText = JSON.stringify(props.disabledRows ?? {});
  const lang = runtime.lang();

  const built = useMemo((): { columns: TableColumn[] } | { problem: string } => {
    try {
      return { columns: buildTableColumns(JSON.parse(columnsText) as ColumnDef[], (name) => runtime.hooks.require('cellValidator', name)) };
    } catch (error) {
      return { problem: (error as Error).message };
    }
  }, [columnsText, runtime.hooks]);

  const emitted = useRef<unknown>(undefined);
  const store = useMemo(() => {
    if (!('columns' in built)) return null;
    const orderKey = built.columns.find((column) => column.isOrder)?.key ?? (options.dragSort ? dragSortKey : undefined);
    const created = createTableStore({
      rowKey,
      columns: built.columns,
      orderKey,
      isRowDisabled: rowDisabledBy(JSON.parse(disabledText) as Record<string, unknown>),
      lang,
    });
    created.load(rowsOf(props.value));
    emitted.current = raw(props.value);
    return created;
    // the value is loaded here once per store; later values are loaded by the layout effect below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [built, rowKey, options.dragSort, dragSortKey, disabledText, lang]);

  useLayoutEffect(() => {
    // Formily hands back its proxy of the rows the table committed: the same rows, nothing to load
    if (!store || raw(props.value) === emitted.current) return;
    emitted.current = raw(props.value);
    store.load(rowsOf(props.value));
  }, [store, props.value]);

  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const { field } = options;
  const flushRef = useRef<() => void>(() => undefined);
  const quiet = useRef(false);
  const commits = useMemo(() => {
    const listeners = new Set<() => void>();
    return {
      emit: () => listeners.forEach((listener) => listener()),
      subscribe(listener: () => void) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    };
  }, []);
  useLiveRows(store, props.livePageId, commits);

  useEffect(() => {
    if (!store) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const commit = () => {
      clearTimeout(timer);
      timer = undefined;
      const rows = store.value();
      emitted.current = rows;
      onChange.current?.(rows);
      if (deletedIdsField && field) field.form.setValuesIn(deletedIdsField, store.deletedIds().join(','));
      // a form message from the last full check goes once the cells are right again (checked quietly:
      // only a save scrolls to the first failing row)
      if (field && field.selfErrors.length > 0) {
        quiet.current = true;
        void field.validate('onBlur').finally(() => (quiet.current = false));
      }
      commits.emit();
    };
    flushRef.current = () => timer !== undefined && commit();
    const stop = store.subscribeChange((kind) => {
      clearTimeout(timer);
      if (kind === 'rows') commit();
      else timer = setTimeout(commit, COMMIT_DELAY_MS);
    });
    return () => {
      stop();
      if (timer !== undefined) commit();
    };
  }, [store, field, deletedIdsField, commits]);

  const flush = useCallback(() => flushRef.current(), []);

  // the whole table is checked when the form validates (submit), never on each keystroke; registered
  // as the table commits, so a save right after the first render already checks it
  useLayoutEffect(() => {
    if (!store || !field || !('columns' in built)) return;
    const titles = new Map(built.columns.map((column) => [column.key, column.title]));
    const wholeTable = {
      triggerType: 'onBlur' as const,
      validator: () => {
        flush();
        const failure = store.validateAll();
        if (!failure) return '';
        if (!quiet.current) store.reveal(failure.key);
        return t('editableTable.rowProblem', { row: failure.rowIndex + 1, column: titles.get(failure.column), message: failure.message });
      },
    };
    const original = field.validator;
    field.setValidator([...(original === undefined ? [] : Array.isArray(original) ? original : [original]), wholeTable]);
    return () => field.setValidator(original);
  }, [store, field, built, flush, t]);

  const shown = useMemo(() => ('columns' in built ? built.columns.filter((column) => column.type !== 'hidden') : []), [built]);
  if (!store || !('columns' in built)) return { problem: 'problem' in built ? built.problem : 'no columns' };
  return { store, shown, flush };
}
