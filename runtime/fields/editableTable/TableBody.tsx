import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent, type Modifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useEffect, type RefObject } from 'react';
import type { TableControls } from './controlColumns';
import type { TableStore } from './createTableStore';
import type { RowMenuActions } from './RowMenu';
import type { TableColumn } from './tableColumns';
import { HEADER_HEIGHT } from './TableHeader';
import { TableRow } from './TableRow';
import { useRowOrder } from './useTableStore';
import { useRowWindow } from './useRowWindow';

// rows move up and down only
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

export interface TableBodyProps {
  store: TableStore;
  columns: readonly TableColumn[];
  controls: TableControls;
  width: number;
  maxHeight: number;
  actions: RowMenuActions;
  locked: boolean;
  scrollBox: RefObject<HTMLDivElement | null>;
}

/**
 * The rows in their order, only those in view drawn; dragging a row's handle moves it (the order
 * column renumbers). This component re-renders on scroll and on structural changes, its rows only
 * when their place changes.
 */
export function TableBody({ store, columns, controls, width, maxHeight, actions, locked, scrollBox }: TableBodyProps) {
  const order = useRowOrder(store);
  const rows = useRowWindow(order.length, scrollBox, HEADER_HEIGHT, maxHeight);
  const { scrollToIndex } = rows;
  useEffect(() => store.subscribeReveal((key) => scrollToIndex(store.order().indexOf(key))), [store, scrollToIndex]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const dropped = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) store.move(order.indexOf(String(active.id)), order.indexOf(String(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} modifiers={[verticalOnly]} onDragEnd={dropped}>
      <SortableContext items={order as string[]} strategy={verticalListSortingStrategy}>
        <div role="rowgroup" style={{ position: 'relative', height: rows.totalHeight, width }}>
          {rows.rows.map(({ index, top }) => {
            const key = order[index] as string;
            return (
              <TableRow
                key={key}
                rowKey={key}
                index={index}
                count={order.length}
                top={top}
                width={width}
                columns={columns}
                controls={controls}
                actions={actions}
                locked={locked}
              />
            );
          })}
        </div>
      </SortableContext>
    </DndContext>
  );
}
