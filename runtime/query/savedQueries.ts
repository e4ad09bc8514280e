import type { SuperQuery } from './queryLines';

/** A query the user saved under a title (spec 000 §3: title, matchType, records). */
export interface SavedQuery {
  title: string;
  matchType: SuperQuery['matchType'];
  records: SuperQuery['conditions'];
}

/** The part of Storage the store needs (localStorage in the browser). */
export type QueryStorage = Pick<Storage, 'getItem' | 'setItem'>;

const PREFIX = 'cloudlab:superQuery:';
const MAX_SAVED = 50;

function isSaved(value: unknown): value is SavedQuery {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.title === 'string' && (v.matchType === 'and' || v.matchType === 'or') && Array.isArray(v.records);
}

/**
 * The saved queries of one screen, in local storage under a key built from the save code (spec 000 §9:
 * "stored locally under a key built from the save code or current path"); the model id is the code.
 * Unreadable contents count as none, so a corrupt entry never breaks the list page.
 */
export function createSavedQueries(storage: QueryStorage, saveCode: string) {
  const key = `${PREFIX}${saveCode}`;
  const read = (): SavedQuery[] => {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isSaved) : [];
    } catch {
      return [];
    }
  };
  const write = (list: SavedQuery[]) => storage.setItem(key, JSON.stringify(list.slice(0, MAX_SAVED)));
  return {
    list: read,
    has: (title: string) => read().some((q) => q.title === title),
    /** adds, or replaces the query of the same title (the caller asked to overwrite first) */
    save(title: string, query: SuperQuery): SavedQuery[] {
      const saved: SavedQuery = { title, matchType: query.matchType, records: query.conditions };
      const others = read().filter((q) => q.title !== title);
      write([saved, ...others]);
      return read();
    },
    remove(title: string): SavedQuery[] {
      write(read().filter((q) => q.title !== title));
      return read();
    },
  };
}
export type SavedQueries = ReturnType<typeof createSavedQueries>;
