import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { TableStore } from './createTableStore';
import { sumIntegers } from './tableRules';

/** The store of the table being drawn; cells read it from here so that rows pass no data down. */
export const TableStoreContext = createContext<TableStore | null>(null);

export function useTableStore(): TableStore {
  const store = useContext(TableStoreContext);
  if (!store) throw new Error('editable table: a cell rendered outside its table');
  return store;
}

/** One cell's value and error: the component re-renders when this cell changes, and only then. */
export function useCell(key: string, column: string): { value: unknown; error: string } {
  const store = useTableStore();
  const subscribe = useCallback((listener: () => void) => store.subscribeCell(key, column, listener), [store, key, column]);
  const value = useSyncExternalStore(subscribe, () => store.cell(key, column));
  const error = useSyncExternalStore(subscribe, () => store.error(key, column));
  return { value, error };
}

/** The row keys in order (the body re-renders on add, insert, remove and move). */
export function useRowOrder(store: TableStore): readonly string[] {
  return useSyncExternalStore(store.subscribeOrder, store.order);
}

export function useRowSelected(key: string): { selected: boolean; disabled: boolean } {
  const store = useTableStore();
  const selected = useSyncExternalStore(store.subscribeSelection, () => store.isSelected(key));
  const disabled = useSyncExternalStore(store.subscribeOrder, () => store.isDisabled(key));
  return { selected, disabled };
}

export function useSelectionState(store: TableStore): 'all' | 'some' | 'none' {
  return useSyncExternalStore(store.subscribeSelection, store.selectionState);
}

export function useSelectedCount(store: TableStore): number {
  return useSyncExternalStore(store.subscribeSelection, () => store.selected().length);
}

/** The statistics row's sum of one column, recomputed when a value of that column changes. */
export function useColumnSum(store: TableStore, column: string): number {
  const subscribe = useCallback((listener: () => void) => store.subscribeColumn(column, listener), [store, column]);
  return useSyncExternalStore(subscribe, () => sumIntegers(store.columnValues(column)));
}
