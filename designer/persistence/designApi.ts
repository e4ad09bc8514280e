import type { HttpClient } from '../../runtime/data/HttpClient';
import type { ModelFile } from '../../runtime/model/types';

const BASE = '/api/visualdev/Base';

/** A design as /api/visualdev/Base answers it (the model visualdev.design). */
export interface DesignRow {
  id: string;
  fullName: string;
  enCode: string;
  category: string | null;
  description: string | null;
  /** the model file, as JSON text */
  modelJson: string;
  state: number;
  draftVersion: number;
  releasedVersion: number | null;
  releasedTime: string | null;
  version: number;
}

export interface Problem {
  path: string;
  message: string;
}

export interface DesignVersion {
  version: number;
  createBy: string | null;
  createTime: string;
}

export interface JsonChange {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  from?: unknown;
  to?: unknown;
}

export interface ReleaseAnswer {
  modelId: string;
  version: number;
  changed: boolean;
  fields: { added: string[]; removed: string[]; retyped: { field: string }[] };
  backups: { field: string; backupTable: string; rows: number }[];
}

/**
 * The designer's only door to the server: the designs (drafts with versions), the release and the
 * checks of /api/visualdev/Base. Every call is the server's, with its permission checks; nothing here
 * decides what is valid.
 */
export function createDesignApi(http: HttpClient) {
  return {
    async list(keyword = ''): Promise<DesignRow[]> {
      const res = await http.get<{ list: DesignRow[] }>(BASE, { pageSize: 500, ...(keyword ? { keyword } : {}) });
      return res.data.list;
    },
    async get(id: string): Promise<DesignRow> {
      return (await http.get<DesignRow>(`${BASE}/${id}`)).data;
    },
    async create(model: ModelFile): Promise<DesignRow> {
      const res = await http.post<DesignRow>(BASE, { fullName: model.title, enCode: model.id, modelJson: JSON.stringify(model) }, { exclusive: true });
      return res.data;
    },
    async save(row: DesignRow, model: ModelFile): Promise<DesignRow> {
      const res = await http.put<DesignRow>(
        `${BASE}/${row.id}`,
        { fullName: model.title, modelJson: JSON.stringify(model), version: row.version },
        { exclusive: true },
      );
      return res.data;
    },
    /** releases the saved draft; `confirm` accepts dropping or retyping fields that hold data (the server backs them up) */
    async release(id: string, confirm: boolean): Promise<ReleaseAnswer> {
      return (await http.post<ReleaseAnswer>(`${BASE}/${id}/Actions/Release`, { confirm }, { silent: true, exclusive: true })).data;
    },
    async check(model: unknown): Promise<Problem[]> {
      return (await http.post<{ problems: Problem[] }>(`${BASE}/Actions/Check`, model, { silent: true })).data.problems;
    },
    async versions(id: string): Promise<DesignVersion[]> {
      return (await http.get<{ list: DesignVersion[] }>(`${BASE}/${id}/Versions`)).data.list;
    },
    async diff(id: string, from: number | 'released', to: number): Promise<JsonChange[]> {
      return (await http.get<{ changes: JsonChange[] }>(`${BASE}/${id}/Diff`, { from, to })).data.changes;
    },
    async copy(id: string): Promise<{ id: string }> {
      return (await http.post<{ id: string }>(`${BASE}/${id}/Actions/Copy`, {})).data;
    },
  };
}

export type DesignApi = ReturnType<typeof createDesignApi>;
