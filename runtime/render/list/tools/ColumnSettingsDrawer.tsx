import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { HolderOutlined } from '@ant-design/icons';
import { Button, Drawer, Empty, Space, Switch } from 'antd';
import type { Translate } from '../../../RuntimeInstance';
import type { ColumnSetting } from '../columnSettings';
import { useToolText } from './useToolText';

export interface ColumnSettingsDrawerProps {
  open: boolean;
  /** the rows to show: the saved settings merged with the model's columns */
  rows: ColumnSetting[];
  /** every change applies and is saved at once; [] restores the default */
  onChange(rows: ColumnSetting[]): void;
  onClose(): void;
}

const WIDTH = 320; // spec 000 §2

function SortableRow({ row, t, onToggle }: { row: ColumnSetting; t: Translate; onToggle(visible: boolean): void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: row.prop });
  return (
    <div
      ref={setNodeRef}
      data-testid="column-setting"
      data-prop={row.prop}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '6px 4px',
        borderBottom: '1px solid rgba(5,5,5,0.06)',
        background: isDragging ? 'rgba(0,0,0,0.04)' : undefined,
      }}
    >
      <span {...attributes} {...listeners} aria-label={`${t('columns.drag')} ${row.label}`} style={{ cursor: 'grab' }}>
        <HolderOutlined />
      </span>
      <span style={{ flex: 1 }}>{row.label}</span>
      <Switch size="small" aria-label={`${t('columns.visible')} ${row.label}`} checked={row.visible} onChange={onToggle} />
    </div>
  );
}

/**
 * 列表显示设置 (spec 000 §2): drag to reorder, a visibility switch per column, 恢复默认; saved per
 * model for this user. Dragging works with the pointer and the keyboard (space, arrows, space).
 */
export default function ColumnSettingsDrawer({ open, rows, onChange, onClose }: ColumnSettingsDrawerProps) {
  const t = useToolText();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = rows.findIndex((r) => r.prop === active.id);
    const to = rows.findIndex((r) => r.prop === over.id);
    if (from >= 0 && to >= 0) onChange(arrayMove(rows, from, to));
  };
  return (
    <Drawer title={t('columns.title')} width={WIDTH} open={open} onClose={onClose} extra={<Button onClick={() => onChange([])}>{t('columns.restore')}</Button>}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <strong>{t('columns.header')}</strong>
        {rows.length === 0 ? (
          <Empty description={t('columns.empty')} />
        ) : (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={rows.map((r) => r.prop)} strategy={verticalListSortingStrategy}>
              {rows.map((row) => (
                <SortableRow key={row.prop} row={row} t={t} onToggle={(visible) => onChange(rows.map((r) => (r.prop === row.prop ? { ...r, visible } : r)))} />
              ))}
            </SortableContext>
          </DndContext>
        )}
      </Space>
    </Drawer>
  );
}
