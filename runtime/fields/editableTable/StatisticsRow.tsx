import type { CSSProperties } from 'react';
import { useFieldText } from '../useFieldText';
import { controlsWidth, type TableControls } from './controlColumns';
import type { TableStore } from './createTableStore';
import type { TableColumn } from './tableColumns';
import { useColumnSum } from './useTableStore';

export const STATISTICS_HEIGHT = 40;

function Sum({ store, column }: { store: TableStore; column: string }) {
  return <>{useColumnSum(store, column)}</>;
}

/** The footer row (spec 000 §5): '合计' and, under each statistics column, the sum of its integers. */
export function StatisticsRow(props: { store: TableStore; columns: readonly TableColumn[]; controls: TableControls; width: number; style: CSSProperties }) {
  const t = useFieldText();
  const lead = controlsWidth(props.controls);
  return (
    <div role="row" data-statistics style={{ display: 'flex', height: STATISTICS_HEIGHT, width: props.width, fontWeight: 600, ...props.style }}>
      {lead > 0 && (
        <div style={{ width: lead, flex: `0 0 ${lead}px`, padding: '0 8px', display: 'flex', alignItems: 'center' }}>{t('editableTable.total')}</div>
      )}
      {props.columns.map((column, index) => (
        <div
          key={column.key}
          role="cell"
          data-column={column.key}
          style={{ width: column.width, flex: `0 0 ${column.width}px`, padding: '0 8px', boxSizing: 'border-box', display: 'flex', alignItems: 'center' }}
        >
          {column.statistics ? <Sum store={props.store} column={column.key} /> : lead === 0 && index === 0 ? t('editableTable.total') : null}
        </div>
      ))}
    </div>
  );
}
