import { Checkbox } from 'antd';
import type { CSSProperties } from 'react';
import { useFieldText } from '../useFieldText';
import { controlCellStyle, CONTROL_WIDTH, type TableControls } from './controlColumns';
import type { TableStore } from './createTableStore';
import type { TableColumn } from './tableColumns';
import { useSelectionState } from './useTableStore';

export const HEADER_HEIGHT = 40;

function SelectAll({ store }: { store: TableStore }) {
  const t = useFieldText();
  const state = useSelectionState(store);
  return <Checkbox checked={state === 'all'} indeterminate={state === 'some'} aria-label={t('editableTable.selectAll')} onChange={() => store.toggleAll()} />;
}

/** The sticky header: the control columns, then each column's title (a required one with an asterisk). */
export function TableHeader(props: { store: TableStore; columns: readonly TableColumn[]; controls: TableControls; width: number; style: CSSProperties }) {
  const { store, columns, controls } = props;
  return (
    <div role="row" aria-rowindex={1} style={{ display: 'flex', height: HEADER_HEIGHT, width: props.width, fontWeight: 600, ...props.style }}>
      {controls.dragSort && <div role="columnheader" style={controlCellStyle(CONTROL_WIDTH.drag)} />}
      {controls.rowSelection && (
        <div role="columnheader" style={controlCellStyle(CONTROL_WIDTH.select)}>
          <SelectAll store={store} />
        </div>
      )}
      {controls.rowNumber && (
        <div role="columnheader" style={controlCellStyle(CONTROL_WIDTH.number)}>
          #
        </div>
      )}
      {columns.map((column) => (
        <div
          key={column.key}
          role="columnheader"
          style={{ width: column.width, flex: `0 0 ${column.width}px`, padding: '0 8px', boxSizing: 'border-box', display: 'flex', alignItems: 'center' }}
        >
          {column.required && <span style={{ color: '#ff4d4f', marginRight: 4 }}>*</span>}
          {column.title}
        </div>
      ))}
    </div>
  );
}
