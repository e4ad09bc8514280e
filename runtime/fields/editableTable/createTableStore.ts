import type { Lang } from '../../model/types';
import { checkCell } from '../../validation/cellRules';
import type { TableColumn } from './tableColumns';

export type Row = Record<string, unknown>;
type Listener = () => void;

/** spec 000 §9: a row key is cut to 50 characters */
export const ROW_KEY_LENGTH = 50;

export interface TableStoreOptions {
  /** the row property holding a persisted row's id */
  rowKey: string;
  columns: readonly TableColumn[];
  /** the property renumbered 1, 2, 3… in row order after every structural change (the order column) */
  orderKey?: string;
  /** rows the user may not select */
  isRowDisabled?: (row: Row) => boolean;
  lang: Lang;
}

export interface CellFailure {
  key: string;
  column: string;
  rowIndex: number;
  message: string;
}

/**
 * The editable table's state outside React: rows by key, their order, each cell's error, the selection
 * and the delete list. Every reader subscribes to exactly what it draws (one cell, the order, one
 * column's sum, the selection), so a keystroke notifies the one cell it changed, never the table.
 *
 * @example
 * const store = createTableStore({ rowKey: 'id', columns, lang: 'zh-CN' });
 * store.load(value);
 * store.setCell(store.order()[0], 'name', '样品A');
 * store.value(); // rows in order, new rows without an id
 */
export interface TableStore {
  load(rows: readonly Row[]): void;
  order(): readonly string[];
  row(key: string): Row | undefined;
  cell(key: string, column: string): unknown;
  error(key: string, column: string): string;
  setCell(key: string, column: string, value: unknown): void;
  /** appends a row with the columns' default values; answers its key */
  addRow(values?: Row): string;
  insertBelow(key: string, values?: Row): string;
  removeRows(keys: readonly string[]): void;
  move(from: number, to: number): void;
  /** merges a row that changed elsewhere (live update) into the row with the same id; false when absent */
  mergeRow(row: Row): boolean;
  isSelected(key: string): boolean;
  isDisabled(key: string): boolean;
  toggleSelected(key: string, selected?: boolean): void;
  /** selects every enabled row, or clears the selection when they all are selected */
  toggleAll(): void;
  clearSelection(): void;
  selected(): readonly string[];
  /** 'all', 'some' or 'none' of the enabled rows are selected */
  selectionState(): 'all' | 'some' | 'none';
  /** validates every cell in rule order; answers the first failure in row order, or null */
  validateAll(): CellFailure | null;
  /** rows in order; a row added here has no id */
  value(): Row[];
  /** the ids of removed rows that had been persisted */
  deletedIds(): readonly string[];
  columnValues(column: string): unknown[];
  subscribeCell(key: string, column: string, listener: Listener): () => void;
  subscribeOrder(listener: Listener): () => void;
  subscribeColumn(column: string, listener: Listener): () => void;
  subscribeSelection(listener: Listener): () => void;
  /** asks the view to scroll a row into sight (the first invalid row after a full validation) */
  reveal(key: string): void;
  subscribeReveal(listener: (key: string) => void): () => void;
  /** every change of the data (not the selection): the owner commits the value; a cell change names its row */
  subscribeChange(listener: (kind: 'cell' | 'rows', key?: string) => void): () => void;
  /** the persisted id of a row, or undefined for a row added here */
  idOf(key: string): string | undefined;
}

const cellId = (key: string, column: string) => `${key}\u0001${column}`;

function listeners<K>() {
  const map = new Map<K, Set<Listener>>();
  return {
    add(at: K, listener: Listener) {
      let set = map.get(at);
      if (!set) map.set(at, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && map.get(at) === set) map.delete(at);
      };
    },
    emit(at: K) {
      map.get(at)?.forEach((listener) => listener());
    },
    emitAll() {
      map.forEach((set) => set.forEach((listener) => listener()));
    },
  };
}

export function createTableStore(options: TableStoreOptions): TableStore {
  const { rowKey, columns, orderKey, lang } = options;
  const byKey = new Map(columns.map((column) => [column.key, column]));
  let keys: string[] = [];
  const rows = new Map<string, Row>();
  const persisted = new Map<string, string>();
  const errors = new Map<string, string>();
  const selection = new Set<string>();
  let deleted: string[] = [];
  let newRows = 0;

  const cellListeners = listeners<string>();
  const columnListeners = listeners<string>();
  const orderListeners = new Set<Listener>();
  const selectionListeners = new Set<Listener>();
  const changeListeners = new Set<(kind: 'cell' | 'rows', key?: string) => void>();
  const revealListeners = new Set<(key: string) => void>();
  const emitSet = (set: Set<Listener>) => set.forEach((listener) => listener());
  const changed = (kind: 'cell' | 'rows', key?: string) => changeListeners.forEach((listener) => listener(kind, key));

  const freshKey = (id: unknown): string => {
    if (id === undefined || id === null || id === '') return `new:${++newRows}`;
    const base = String(id).slice(0, ROW_KEY_LENGTH);
    let candidate = base;
    for (let n = 2; rows.has(candidate); n++) candidate = `${base}#${n}`;
    return candidate;
  };

  const setError = (key: string, column: string, message: string) => {
    const id = cellId(key, column);
    if ((errors.get(id) ?? '') === message) return;
    if (message) errors.set(id, message);
    else errors.delete(id);
    cellListeners.emit(id);
  };

  const columnValues = (column: string) => keys.map((key) => rows.get(key)?.[column]);

  const check = (key: string, column: TableColumn, values = columnValues(column.key)) => {
    const rowIndex = keys.indexOf(key);
    return checkCell(column.rules, values[rowIndex], { label: column.title, lang, rowIndex, values });
  };

  const hasUnique = (column: TableColumn) => column.rules.some((rule) => 'unique' in rule);

  // a change can make or break a duplicate in the rows holding the old or the new value
  const recheckPeers = (column: TableColumn, except: string, ...around: unknown[]) => {
    const texts = new Set(around.filter((value) => value !== undefined && value !== null && value !== '').map(String));
    if (texts.size === 0) return;
    const values = columnValues(column.key);
    keys.forEach((key, index) => {
      const value = values[index];
      if (key !== except && value !== undefined && value !== null && texts.has(String(value))) setError(key, column.key, check(key, column, values));
    });
  };

  const newRow = (values: Row = {}): Row => {
    const row: Row = {};
    for (const column of columns) {
      if (values[column.key] !== undefined) row[column.key] = values[column.key];
      else if (column.type === 'checkbox' && column.defaultChecked) row[column.key] = column.customValue?.[0] ?? true;
      else if (column.defaultValue !== undefined) row[column.key] = column.defaultValue;
    }
    return { ...values, ...row };
  };

  const renumber = () => {
    if (!orderKey) return;
    keys.forEach((key, index) => {
      const row = rows.get(key) as Row;
      if (row[orderKey] === index + 1) return;
      rows.set(key, { ...row, [orderKey]: index + 1 });
      cellListeners.emit(cellId(key, orderKey));
    });
    columnListeners.emit(orderKey);
  };

  const structureChanged = () => {
    renumber();
    emitSet(orderListeners);
    columns.forEach((column) => columnListeners.emit(column.key));
    // removing or moving rows changes which values repeat
    columns.filter(hasUnique).forEach((column) => {
      const values = columnValues(column.key);
      keys.forEach((key) => errors.has(cellId(key, column.key)) && setError(key, column.key, check(key, column, values)));
    });
    changed('rows');
  };

  const insertAt = (index: number, values?: Row) => {
    const key = freshKey(undefined);
    rows.set(key, newRow(values));
    keys = [...keys.slice(0, index), key, ...keys.slice(index)];
    structureChanged();
    return key;
  };

  const isDisabled = (key: string) => {
    const row = rows.get(key);
    return Boolean(row && options.isRowDisabled?.(row));
  };
  const enabledKeys = () => keys.filter((key) => !isDisabled(key));

  const store: TableStore = {
    load(input) {
      rows.clear();
      persisted.clear();
      errors.clear();
      selection.clear();
      deleted = [];
      keys = input.map((raw) => {
        const key = freshKey(raw[rowKey]);
        rows.set(key, { ...raw });
        if (raw[rowKey] !== undefined && raw[rowKey] !== null && raw[rowKey] !== '') persisted.set(key, String(raw[rowKey]));
        return key;
      });
      renumber();
      emitSet(orderListeners);
      emitSet(selectionListeners);
      cellListeners.emitAll();
      columnListeners.emitAll();
    },
    order: () => keys,
    row: (key) => rows.get(key),
    cell: (key, column) => rows.get(key)?.[column],
    error: (key, column) => errors.get(cellId(key, column)) ?? '',
    setCell(key, column, value) {
      const row = rows.get(key);
      if (!row || Object.is(row[column], value)) return;
      const previous = row[column];
      rows.set(key, { ...row, [column]: value });
      const def = byKey.get(column);
      cellListeners.emit(cellId(key, column));
      if (def && def.rules.length > 0) {
        setError(key, column, check(key, def));
        if (hasUnique(def)) recheckPeers(def, key, previous, value);
      }
      columnListeners.emit(column);
      changed('cell', key);
    },
    addRow: (values) => insertAt(keys.length, values),
    insertBelow(key, values) {
      const index = keys.indexOf(key);
      return insertAt(index < 0 ? keys.length : index + 1, values);
    },
    removeRows(gone) {
      const removing = new Set(gone.filter((key) => rows.has(key)));
      if (removing.size === 0) return;
      for (const key of removing) {
        const id = persisted.get(key);
        if (id !== undefined) deleted = [...deleted, id];
        rows.delete(key);
        persisted.delete(key);
        selection.delete(key);
        for (const column of columns) errors.delete(cellId(key, column.key));
      }
      keys = keys.filter((key) => !removing.has(key));
      emitSet(selectionListeners);
      structureChanged();
    },
    move(from, to) {
      if (from === to || from < 0 || to < 0 || from >= keys.length || to >= keys.length) return;
      const next = [...keys];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved as string);
      keys = next;
      structureChanged();
    },
    mergeRow(incoming) {
      const id = incoming[rowKey];
      if (id === undefined || id === null) return false;
      const key = [...persisted].find(([, persistedId]) => persistedId === String(id))?.[0];
      if (key === undefined) return false;
      for (const [column, value] of Object.entries(incoming)) if (column !== rowKey) store.setCell(key, column, value);
      return true;
    },
    isSelected: (key) => selection.has(key),
    isDisabled,
    toggleSelected(key, selected = !selection.has(key)) {
      if (!rows.has(key) || isDisabled(key) || selection.has(key) === selected) return;
      if (selected) selection.add(key);
      else selection.delete(key);
      emitSet(selectionListeners);
    },
    toggleAll() {
      const enabled = enabledKeys();
      const all = enabled.length > 0 && enabled.every((key) => selection.has(key));
      selection.clear();
      if (!all) enabled.forEach((key) => selection.add(key));
      emitSet(selectionListeners);
    },
    clearSelection() {
      if (selection.size === 0) return;
      selection.clear();
      emitSet(selectionListeners);
    },
    selected: () => keys.filter((key) => selection.has(key)),
    selectionState() {
      const enabled = enabledKeys();
      const count = enabled.filter((key) => selection.has(key)).length;
      return count === 0 ? 'none' : count === enabled.length ? 'all' : 'some';
    },
    validateAll() {
      let first: CellFailure | null = null;
      for (const column of columns) {
        if (column.rules.length === 0) continue;
        const values = columnValues(column.key);
        for (let rowIndex = 0; rowIndex < keys.length; rowIndex++) {
          const key = keys[rowIndex] as string;
          const message = checkCell(column.rules, values[rowIndex], { label: column.title, lang, rowIndex, values });
          setError(key, column.key, message);
          if (message && (first === null || rowIndex < first.rowIndex)) first = { key, column: column.key, rowIndex, message };
        }
      }
      return first;
    },
    value: () =>
      keys.map((key) => {
        const row = { ...(rows.get(key) as Row) };
        if (!persisted.has(key)) delete row[rowKey];
        return row;
      }),
    deletedIds: () => deleted,
    idOf: (key) => persisted.get(key),
    columnValues,
    subscribeCell: (key, column, listener) => cellListeners.add(cellId(key, column), listener),
    subscribeOrder(listener) {
      orderListeners.add(listener);
      return () => void orderListeners.delete(listener);
    },
    subscribeColumn: (column, listener) => columnListeners.add(column, listener),
    subscribeSelection(listener) {
      selectionListeners.add(listener);
      return () => void selectionListeners.delete(listener);
    },
    reveal: (key) => revealListeners.forEach((listener) => listener(key)),
    subscribeReveal(listener) {
      revealListeners.add(listener);
      return () => void revealListeners.delete(listener);
    },
    subscribeChange(listener) {
      changeListeners.add(listener);
      return () => void changeListeners.delete(listener);
    },
  };
  return store;
}
