import { useCallback, useSyncExternalStore } from 'react';

/**
 * Which cell is in edit mode when the table edits on click (spec 000 §4): one at a time, outside React
 * state so that switching cells re-renders the two cells concerned, not the table.
 */
export interface ActiveCell {
  get(): string | null;
  set(id: string | null): void;
  subscribe(listener: () => void): () => void;
}

export function createActiveCell(): ActiveCell {
  let active: string | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => active,
    set(id) {
      if (id === active) return;
      active = id;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export const activeCellId = (key: string, column: string) => `${key}\u0001${column}`;

/** Whether this cell is the active one; only a cell whose answer changes re-renders. */
export function useIsActive(active: ActiveCell, id: string): boolean {
  const subscribe = useCallback((listener: () => void) => active.subscribe(listener), [active]);
  return useSyncExternalStore(subscribe, () => active.get() === id);
}
