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

/** A column an import or release would drop or retype, and the rows holding data in it. */
export interface ColumnAtRisk {
  field: string;
  column: string;
  reason: 'dropped' | 'retyped';
  rows: number;
}

/** What importing a module folder would do (ImportModulePreview); nothing has changed yet. */
export interface ImportPlan {
  modules: string[];
  models: {
    id: string;
    title: string;
    status: 'new' | 'changed' | 'unchanged';
    fields: { added: string[]; removed: string[]; retyped: { field: string; from?: string; to?: string }[] };
    atRisk: ColumnAtRisk[];
  }[];
  removed: string[];
  dicts: { code: string; status: 'new' | 'changed' }[];
  problems: { file: string; path: string; message: string }[];
}

/** The released screen as the app shows it (OnlineDev App/Preview). */
export interface AppPreviewAnswer {
  modelId: string;
  fullName: string;
  card: { title: { field: string; label: string } | null; fields: { field: string; label: string }[] };
  keyword: boolean;
  search: { field: string; label: string }[];
  form: { field: string; label: string; type: string; required: boolean; widget: string | null }[];
  tabs: { model: string; title: string }[];
}

const GENERATER = '/api/visualdev/Generater';
const ONLINE_DEV = '/api/visualdev/OnlineDev';

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
      return (await http.post<ReleaseAnswer>(`${BASE}/${id}/Actions/Release`, { confirm }, { showsBusinessFailure: true, exclusive: true })).data;
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
    /** the module folders of these models (with their sub-record models, menus and dictionaries) as a zip */
    async exportModule(modelIds: string[]): Promise<Blob> {
      return (await http.post<Blob>(`${BASE}/Actions/ExportModule`, { modelIds }, { responseType: 'blob', showsBusinessFailure: true })).data;
    },
    async previewImport(file: File): Promise<ImportPlan> {
      const form = new FormData();
      form.append('file', file, file.name);
      return (await http.post<ImportPlan>(`${BASE}/Actions/ImportModulePreview`, form, { showsBusinessFailure: true })).data;
    },
    /** imports the zip; `confirm` accepts dropping or retyping fields that hold data (backed up first) */
    async importModule(file: File, confirm: boolean): Promise<ImportPlan> {
      const form = new FormData();
      form.append('file', file, file.name);
      return (
        await http.request<ImportPlan>('POST', `${BASE}/Actions/ImportModule`, { params: { confirm }, data: form, exclusive: true, showsBusinessFailure: true })
      ).data;
    },
    async downloadCode(id: string): Promise<Blob> {
      return (await http.get<Blob>(`${GENERATER}/${id}/Actions/DownloadCode`, {}, { responseType: 'blob' })).data;
    },
    async codePreview(id: string): Promise<{ path: string; content: string }[]> {
      return (await http.get<{ list: { path: string; content: string }[] }>(`${GENERATER}/${id}/Actions/CodePreview`)).data.list;
    },
    async appPreview(modelId: string): Promise<AppPreviewAnswer> {
      return (await http.get<AppPreviewAnswer>(`${ONLINE_DEV}/${modelId}/App/Preview`)).data;
    },
    async appRecords(modelId: string): Promise<Record<string, unknown>[]> {
      return (await http.post<{ list: Record<string, unknown>[] }>(`${ONLINE_DEV}/${modelId}/List`, { currentPage: 1, pageSize: 10 })).data.list;
    },
  };
}

export type DesignApi = ReturnType<typeof createDesignApi>;
