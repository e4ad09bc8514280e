import type { TableColumnType as ColumnType } from 'antd';
import type { DataRecord } from '../../data/DataProvider';
import { ACTIONS_COLUMN_KEY, INDEX_COLUMN_KEY } from './buildColumns';

/** One column of the settings drawer (spec 000 §3 "Column setting": prop, label, visible). */
export interface ColumnSetting {
  prop: string;
  label: string;
  visible: boolean;
}

const FIXED_KEYS: ReadonlySet<string> = new Set([INDEX_COLUMN_KEY, ACTIONS_COLUMN_KEY]);

const titleText = (column: ColumnType<DataRecord>): string => (typeof column.title === 'string' ? column.title : String(column.key));

/** The field columns in the model's order, all visible: what 'restore default' goes back to. */
export function defaultColumnSettings(columns: ColumnType<DataRecord>[]): ColumnSetting[] {
  return columns.filter((c) => !FIXED_KEYS.has(String(c.key))).map((c) => ({ prop: String(c.key), label: titleText(c), visible: true }));
}

/**
 * The field columns reordered and filtered by the user's settings; 序号 stays first and 操作 last.
 * Columns the settings do not name (added to the model since) keep their place after the named ones,
 * and names the model no longer has are ignored.
 */
export function applyColumnSettings(columns: ColumnType<DataRecord>[], settings: ColumnSetting[] | null): ColumnType<DataRecord>[] {
  if (!settings || settings.length === 0) return columns;
  const byKey = new Map(columns.map((c) => [String(c.key), c]));
  const named = new Set(settings.map((s) => s.prop));
  const fields = [
    ...settings.filter((s) => s.visible && byKey.has(s.prop) && !FIXED_KEYS.has(s.prop)).map((s) => byKey.get(s.prop)!),
    ...columns.filter((c) => !FIXED_KEYS.has(String(c.key)) && !named.has(String(c.key))),
  ];
  const index = columns.filter((c) => c.key === INDEX_COLUMN_KEY);
  const actions = columns.filter((c) => c.key === ACTIONS_COLUMN_KEY);
  return [...index, ...fields, ...actions];
}

/** The drawer's rows: the saved settings merged with the current columns (new columns appended, gone ones dropped). */
export function settingsRows(columns: ColumnType<DataRecord>[], settings: ColumnSetting[] | null): ColumnSetting[] {
  const defaults = defaultColumnSettings(columns);
  if (!settings || settings.length === 0) return defaults;
  const current = new Map(defaults.map((d) => [d.prop, d]));
  const kept = settings.filter((s) => current.has(s.prop)).map((s) => ({ ...current.get(s.prop)!, visible: s.visible }));
  const keptProps = new Set(kept.map((s) => s.prop));
  return [...kept, ...defaults.filter((d) => !keptProps.has(d.prop))];
}
