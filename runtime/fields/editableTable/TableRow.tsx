import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Checkbox } from 'antd';
import { memo } from 'react';
import { useFieldText } from '../useFieldText';
import { controlCellStyle, CONTROL_WIDTH, type TableControls } from './controlColumns';
import { EditableCell } from './EditableCell';
import { useRenderProbe } from './renderProbe';
import { RowMenu, type RowMenuActions } from './RowMenu';
import type { TableColumn } from './tableColumns';
import { useRowSelected, useTableStore } from './useTableStore';
import { ROW_HEIGHT } from './useRowWindow';

export interface TableRowProps {
  rowKey: string;
  index: number;
  count: number;
  top: number;
  width: number;
  columns: readonly TableColumn[];
  controls: TableControls;
  actions: RowMenuActions;
  locked: boolean;
}

function RowCheckbox({ rowKey, index }: { rowKey: string; index: number }) {
  const store = useTableStore();
  const t = useFieldText();
  const { selected, disabled } = useRowSelected(rowKey);
  return (
    <Checkbox
      checked={selected}
      disabled={disabled}
      aria-label={t('editableTable.selectRow', { row: index + 1 })}
      onChange={(event) => store.toggleSelected(rowKey, event.target.checked)}
    />
  );
}

/** One row: drawn again when its place changes (index, offset), never when one of its cells does. */
export const TableRow = memo(function TableRow({ rowKey, index, count, top, width, columns, controls, actions, locked }: TableRowProps) {
  useRenderProbe({ part: 'row', key: rowKey });
  const sortable = useSortable({ id: rowKey, disabled: locked || !controls.dragSort });
  const drag = sortable.transform ? ` ${CSS.Translate.toString(sortable.transform)}` : '';
  return (
    <div
      ref={sortable.setNodeRef}
      role="row"
      aria-rowindex={index + 2}
      data-row-key={rowKey}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        width,
        height: ROW_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        transform: `translateY(${top}px)${drag}`,
        transition: sortable.transition,
        zIndex: sortable.isDragging ? 2 : undefined,
        borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
        background: 'inherit',
      }}
    >
      {controls.dragSort && (
        <div style={controlCellStyle(CONTROL_WIDTH.drag)}>
          <RowMenu
            rowKey={rowKey}
            first={index === 0}
            last={index === count - 1}
            disabled={locked}
            actions={actions}
            dragAttributes={sortable.attributes}
            dragListeners={sortable.listeners}
          />
        </div>
      )}
      {controls.rowSelection && (
        <div style={controlCellStyle(CONTROL_WIDTH.select)}>
          <RowCheckbox rowKey={rowKey} index={index} />
        </div>
      )}
      {controls.rowNumber && <div style={controlCellStyle(CONTROL_WIDTH.number)}>{index + 1}</div>}
      {columns.map((column) => (
        <EditableCell key={column.key} rowKey={rowKey} column={column} />
      ))}
    </div>
  );
});
