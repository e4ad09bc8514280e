import type { TableColumnType as ColumnType } from 'antd';
import type { ReactNode } from 'react';
import type { Translate } from '../../RuntimeInstance';
import type { DataRecord } from '../../data/DataProvider';
import type { DictOption } from '../../fields/dict/DictSource';
import type { HookSignatures } from '../../hooks/createHookRegistry';
import type { ColumnItem, ServedModel, SortDef } from '../../model/types';
import { fieldLabel, modelText, requireFieldDef } from '../modelText';
import { actionsColumnWidth, dateColumnWidth, titleColumnWidth } from './columnWidths';
import { DATE_FORMATS, defaultRender, dictCell, expiryCell, formatDate, plainCell } from './cellRenderers';

export const INDEX_COLUMN_KEY = '__index';
export const ACTIONS_COLUMN_KEY = '__actions';

export interface ColumnContext {
  t: Translate;
  /** dictionary items by code, for the tag colours */
  dictOptions?: ReadonlyMap<string, DictOption[]>;
  /** the current sort, shown on its column */
  sort?: SortDef;
  /** rows before this page, so 序号 counts across pages */
  offset?: number;
  /** the state cell when the user may toggle it; otherwise the state shows as its dictionary tag */
  renderStateSwitch?: (record: DataRecord, field: string) => ReactNode;
  /** a column's custom cell (list.columns[].cell names a hook of kind cell) */
  cellHook?: (name: string) => HookSignatures['cell'];
  /** the row-actions cell; no actions column without it */
  renderActions?: (record: DataRecord) => ReactNode;
  /** every label the row-actions cell may show side by side, which sizes the column (tableWidth's default without them) */
  actionLabels?: readonly string[];
  /** the 更多 link's label when some of a row's links fold into its dropdown */
  moreLabel?: string;
  /**
   * a phone-width screen: the actions column scrolls with the rest instead of staying fixed at the right, since a
   * fixed column of several links is wider than a 375 px screen and covered every other column
   */
  narrow?: boolean;
  /** a linked column's cell (list.columns[].link): its content opening the linked record; plain content without it */
  renderLink?: (content: ReactNode, link: ColumnLink, record: DataRecord) => ReactNode;
}

export interface ColumnLink {
  model: string;
  idField: string;
}

function sortOrder(sort: SortDef | undefined, field: string) {
  if (sort?.field !== field) return null;
  return sort.order === 'asc' ? 'ascend' : 'descend';
}

/** The width of a text column that cuts its text, unless the column names one. */
const LONG_TEXT_WIDTH = 200;

/**
 * Long text (a 说明 of a paragraph) is cut with an ellipsis and shown whole on hover instead of pushing the
 * other columns out: text fields do so unless their column says otherwise.
 */
function cutsLongText(spec: { ellipsis?: boolean }, def: { type: string }): boolean {
  return spec.ellipsis ?? def.type === 'text';
}

function fieldColumn(served: ServedModel, raw: ColumnItem, context: ColumnContext): ColumnType<DataRecord> {
  const spec = typeof raw === 'string' ? { field: raw } : raw;
  const { field } = spec;
  const def = requireFieldDef(served, field, 'list.columns');
  const render = spec.render ?? defaultRender(def);
  const options = def.dict ? context.dictOptions?.get(def.dict) : undefined;
  // an operation list (list.rows) is in the order its operation answers
  const sortable = !served.model.list?.rows && (spec.sorter ?? def.sortable ?? false);

  const hookName = (spec as { cell?: string }).cell;
  const custom = hookName ? context.cellHook?.(hookName) : undefined;
  const warnDays = (spec as { warnWithinDays?: number }).warnWithinDays;
  const expiryTexts = { soon: context.t('list.expiresSoon'), expired: context.t('list.expired') };
  const link = 'link' in spec ? spec.link : undefined;
  const { renderLink } = context;
  const content = (value: unknown, record: DataRecord): ReactNode => {
    if (custom) return custom(value, record, { served, field });
    if (warnDays !== undefined) return expiryCell(value, warnDays, expiryTexts);
    switch (render) {
      case 'state':
        return context.renderStateSwitch?.(record, field) ?? (def.dict ? dictCell(record, field, options) : plainCell(value));
      case 'dict':
        return dictCell(record, field, options);
      case 'date':
      case 'datetime':
        return formatDate(value, render);
      default:
        // a reference shows its target's label (the server's refLabel text) rather than the stored ids
        return plainCell(def.ref ? (record[`${field}_dictText`] ?? value) : value);
    }
  };
  const cell = link && renderLink ? (value: unknown, record: DataRecord) => renderLink(content(value, record), link, record) : content;
  const title = spec.title ? modelText(served, spec.title) : fieldLabel(served, field, context.t);
  const dated = !custom && warnDays === undefined && (render === 'date' || render === 'datetime');

  return {
    key: field,
    dataIndex: field,
    title,
    width:
      spec.width ??
      (cutsLongText(spec, def) ? LONG_TEXT_WIDTH : dated ? dateColumnWidth(DATE_FORMATS[render], title, sortable) : titleColumnWidth(title, sortable)),
    align: spec.align ?? (render === 'number' ? 'right' : undefined),
    ellipsis: cutsLongText(spec, def),
    render: cell,
    ...(sortable ? { sorter: true, sortOrder: sortOrder(context.sort, field) } : {}),
  };
}

/**
 * Plain antd Table columns from list.columns (no Formily in cells: a 100 × 20 page must render fast).
 * Titles come from the field labels unless the column names its own; dictionary fields show
 * <field>_dictText as a coloured tag, references their target's label; sortable columns sort on the server.
 *
 * @example
 * const columns = useMemo(() => buildColumns(served, { t, sort: list.params.sort }), [served, t, list.params.sort]);
 */
export function buildColumns(served: ServedModel, context: ColumnContext): ColumnType<DataRecord>[] {
  const offset = context.offset ?? 0;
  // a column the user's roles hide is left out (the server does not send its values either)
  const hidden = new Set(served.fieldAccess?.hidden ?? []);
  const shown = (served.model.list?.columns ?? []).filter((column) => !hidden.has(typeof column === 'string' ? column : column.field));
  const columns: ColumnType<DataRecord>[] = [
    { key: INDEX_COLUMN_KEY, title: context.t('list.index'), width: 64, align: 'center', render: (_value, _record, index) => offset + index + 1 },
    ...shown.map((column) => fieldColumn(served, column, context)),
  ];
  const { renderActions, actionLabels, moreLabel } = context;
  if (renderActions) {
    const title = context.t('list.actions');
    columns.push({
      key: ACTIONS_COLUMN_KEY,
      title,
      ...(actionLabels ? { width: actionsColumnWidth(actionLabels, title, moreLabel) } : {}),
      fixed: context.narrow ? undefined : 'right',
      render: (_value, record) => renderActions(record),
    });
  }
  return columns;
}
