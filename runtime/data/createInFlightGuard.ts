/** The keys of exclusive requests now in flight; one guard per HTTP client. */
export interface InFlightGuard {
  /** false when `key` is already in flight */
  enter(key: string): boolean;
  leave(key: string): void;
}

export function createInFlightGuard(): InFlightGuard {
  const busy = new Set<string>();
  return {
    enter(key) {
      if (busy.has(key)) return false;
      busy.add(key);
      return true;
    },
    leave(key) {
      busy.delete(key);
    },
  };
}
