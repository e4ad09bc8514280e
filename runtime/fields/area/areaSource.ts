import type { HttpClient } from '../../data/HttpClient';
import { AREA_ROOT } from './areaTree';

/** /api/system/Area (spec 001 §7 "Areas"): the picker's only source of regions. */
export const AREA_BASE = '/api/system/Area';
/** GetAreaByIds takes paths of at most this many ids; deeper chains are not areas the picker made */
const MAX_PATH_DEPTH = 5;

export interface AreaNode {
  value: string;
  label: string;
  /** the server knows no child of it */
  isLeaf: boolean;
}

export interface AreaPath {
  /** ids from the province down to the stored id */
  codes: string[];
  /** their names, in the same order */
  names: string[];
}

export interface AreaSource {
  /** the enabled areas under `parent` (root 86), in the model's order; a disabled area is not offered */
  children(parent: string, signal?: AbortSignal): Promise<AreaNode[]>;
  /** the path of a stored id: its ancestors by Info, their names by GetAreaByIds; codes [] when unknown */
  path(code: string, signal?: AbortSignal): Promise<AreaPath>;
}

interface AreaRow {
  id: unknown;
  fullName?: unknown;
  parentId?: unknown;
  isLeaf?: unknown;
}

const isRoot = (parent: unknown) => parent === undefined || parent === null || String(parent) === AREA_ROOT || String(parent) === '0' || String(parent) === '';

/**
 * The regions as the server holds them, read through the runtime's HTTP client: a level at a time by
 * parent through the Selector (enabled areas only; `0` as the area being edited means none is left out),
 * and a stored id's path and names. Each source remembers the levels it has read (one picker's life).
 */
export function createAreaSource(http: HttpClient): AreaSource {
  const levels = new Map<string, Promise<AreaNode[]>>();
  return {
    children(parent, signal) {
      let level = levels.get(parent);
      if (!level) {
        level = http
          .get<{ list?: AreaRow[] }>(`${AREA_BASE}/0/Selector/${encodeURIComponent(parent)}`, undefined, { signal })
          .then((response) =>
            (response.data?.list ?? []).map((row) => ({ value: String(row.id), label: String(row.fullName ?? row.id), isLeaf: row.isLeaf === true })),
          );
        levels.set(parent, level);
        // a failed or aborted read is asked again next time
        level.catch(() => levels.delete(parent));
      }
      return level;
    },
    async path(code, signal) {
      const codes: string[] = [];
      for (let at = code; codes.length < MAX_PATH_DEPTH;) {
        // an id that is gone (or unreadable) shows as it is stored, without an error toast on a form
        const response = await http
          .get<AreaRow | null>(`${AREA_BASE}/${encodeURIComponent(at)}/Info`, undefined, { signal, silent: true })
          .catch(() => undefined);
        if (!response?.data) return { codes: [], names: [] };
        codes.unshift(at);
        const parent = response.data.parentId;
        if (isRoot(parent)) break;
        at = String(parent);
        if (codes.includes(at)) break;
      }
      const answer = await http.post<unknown[]>(`${AREA_BASE}/GetAreaByIds`, { idsList: [codes] }, { signal });
      const names = Array.isArray(answer.data?.[0]) ? (answer.data[0] as unknown[]).map((name, index) => (name ? String(name) : codes[index]!)) : codes;
      return { codes, names };
    },
  };
}
