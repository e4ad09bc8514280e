import { useCallback, useEffect, useState } from 'react';
import type { ServedModel } from '../../model/types';
import { useRuntime } from '../RuntimeProvider';
import type { ColumnSetting } from './columnSettings';

const BASE = '/api/permission/Authority';

export interface ColumnSettingsState {
  /** null: none saved (the model's columns as declared) */
  settings: ColumnSetting[] | null;
  /** applies at once and saves for this user, tenant and model; [] restores the default */
  save(settings: ColumnSetting[]): Promise<void>;
}

function parse(fieldList: unknown): ColumnSetting[] | null {
  if (typeof fieldList !== 'string') return null;
  try {
    const list: unknown = JSON.parse(fieldList);
    return Array.isArray(list) && list.length > 0 ? (list as ColumnSetting[]) : null;
  } catch {
    return null;
  }
}

/**
 * The user's column preferences of one list (spec 000 §3/§7: GetColumnsByModuleId / SetColumnsByModuleId,
 * keyed by the model id). Loaded silently alongside the first page: without them the list shows the
 * model's columns, so a failure costs nothing but the preference.
 */
export function useColumnSettings(served: ServedModel): ColumnSettingsState {
  const { http } = useRuntime();
  const moduleId = served.model.id;
  const [settings, setSettings] = useState<ColumnSetting[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    http
      .get<{ fieldList?: unknown } | null>(`${BASE}/GetColumnsByModuleId/${encodeURIComponent(moduleId)}`, {}, { silent: true, signal: controller.signal })
      .then(({ data }) => setSettings(parse(data?.fieldList)))
      .catch(() => undefined);
    return () => controller.abort();
  }, [http, moduleId]);

  const save = useCallback(
    async (next: ColumnSetting[]) => {
      setSettings(next.length > 0 ? next : null);
      await http.put(`${BASE}/SetColumnsByModuleId`, { moduleId, fieldList: JSON.stringify(next) });
    },
    [http, moduleId],
  );
  return { settings, save };
}
