import { useDroppable } from '@dnd-kit/core';
import { SortableContext, rectSortingStrategy, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, InputNumber, Space, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormFieldItem, ModelFile } from '../../runtime/model/types';
import { formContainers, itemName, type FieldContainer } from '../ops/formContainers';
import { updateAt } from '../ops/jsonPointer';

/** What a canvas item or drop zone carries into a drop (designer/DesignerApp.tsx reads it). */
export type CanvasDrop = { kind: 'item'; container: string; index: number } | { kind: 'container'; container: string; size: number };

export interface CanvasProps {
  model: ModelFile;
  selected: string | null;
  onSelect(field: string, container: string): void;
  onRemove(field: string): void;
  change(edit: (model: ModelFile) => ModelFile): void;
}

export const itemId = (container: string, index: number) => `item:${container}:${index}`;

function FieldCard({
  model,
  item,
  container,
  index,
  selected,
  onSelect,
  onRemove,
}: { item: FormFieldItem; container: FieldContainer; index: number } & Omit<CanvasProps, 'change'>) {
  const { t } = useTranslation('designerApp');
  const name = itemName(item);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: itemId(container.path, index),
    data: { kind: 'item', container: container.path, index } satisfies CanvasDrop,
  });
  const field = model.entity.fields[name];
  const widget = typeof item === 'string' ? null : item['x-component'];
  const span = typeof item === 'string' ? 1 : (item.span ?? 1);
  const isSelected = selected === name;
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      data-field={name}
      onClick={() => onSelect(name, container.path)}
      style={{
        gridColumn: `span ${Math.min(span, container.columns)}`,
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.5 : 1,
        border: isSelected ? '2px solid #1677ff' : '1px solid #f0f0f0',
        borderRadius: 4,
        padding: '6px 8px',
        background: '#fff',
        cursor: 'move',
        display: 'flex',
        alignItems: 'center',
        gap: 6,
        minHeight: 40,
      }}
    >
      <span style={{ flex: 1, minWidth: 0 }}>
        {field?.required ? <span style={{ color: '#ff4d4f' }}>* </span> : null}
        <Typography.Text strong>{field?.label ?? name}</Typography.Text> <Typography.Text type="secondary">{name}</Typography.Text>
      </span>
      <Tag>{widget ?? field?.type ?? '?'}</Tag>
      {isSelected ? (
        <Button
          size="small"
          type="text"
          danger
          aria-label={t('canvas.remove')}
          icon={<DeleteOutlined />}
          onClick={(event) => {
            event.stopPropagation();
            onRemove(name);
          }}
        />
      ) : null}
    </div>
  );
}

function ContainerZone({ container, ...props }: { container: FieldContainer } & CanvasProps) {
  const { t } = useTranslation('designerApp');
  const { setNodeRef, isOver } = useDroppable({
    id: `container:${container.path}`,
    data: { kind: 'container', container: container.path, size: container.items.length } satisfies CanvasDrop,
  });
  const sectionPath = container.sectionPath;
  const header = sectionPath ? (
    <Space>
      <Input
        size="small"
        aria-label={t('canvas.sectionTitle')}
        value={container.title ?? ''}
        placeholder={t('canvas.sectionTitle')}
        onChange={(e) => props.change((m) => updateAt(m, `${sectionPath}/title`, () => e.target.value || undefined))}
        style={{ width: 200 }}
      />
      <span>{t('canvas.columns')}</span>
      <InputNumber
        size="small"
        min={1}
        max={4}
        value={container.columns}
        onChange={(value) => props.change((m) => updateAt(m, `${sectionPath}/columns`, () => value ?? undefined))}
      />
    </Space>
  ) : (
    container.title
  );
  return (
    <Card size="small" title={header} style={{ marginBottom: 12, background: isOver ? '#f0f7ff' : undefined }} data-container={container.path}>
      <SortableContext items={container.items.map((_, i) => itemId(container.path, i))} strategy={rectSortingStrategy}>
        <div ref={setNodeRef} style={{ display: 'grid', gridTemplateColumns: `repeat(${container.columns}, minmax(0, 1fr))`, gap: 8, minHeight: 48 }}>
          {container.items.map((item, i) => (
            <FieldCard key={itemId(container.path, i)} item={item} container={container} index={i} {...props} />
          ))}
          {container.items.length === 0 ? <Typography.Text type="secondary">{t('canvas.drop')}</Typography.Text> : null}
        </div>
      </SortableContext>
    </Card>
  );
}

/**
 * The form as the model lays it out, editable: each field list (the form's, a section's, a tab's) is a
 * drop zone; fields are sorted by dragging, within a list or across lists; sections show their grid.
 */
export function Canvas(props: CanvasProps) {
  const { t } = useTranslation('designerApp');
  const containers = formContainers(props.model);
  const tabs = props.model.form?.tabs;
  const [active, setActive] = useState('0');
  // the tab of the selected field comes to the front (a field just placed in a new tab, say)
  const selectedTab = containers.find((c) => c.items.some((item) => itemName(item) === props.selected))?.tab;
  useEffect(() => {
    if (selectedTab !== undefined) setActive(String(selectedTab));
  }, [selectedTab]);
  if (containers.length === 0) return <Empty description={t('canvas.drop')} />;
  if (!tabs)
    return (
      <div data-testid="designer-canvas">
        {containers.map((c) => (
          <ContainerZone key={c.path} container={c} {...props} />
        ))}
      </div>
    );
  return (
    <div data-testid="designer-canvas">
      <Tabs
        activeKey={tabs[Number(active)] ? active : '0'}
        onChange={setActive}
        items={tabs.map((tab, i) => ({
          key: String(i),
          label: tab.title,
          // every tab's fields stay in the page, so each is found and reachable while another tab shows
          forceRender: true,
          children: containers.filter((c) => c.tab === i).map((c) => <ContainerZone key={c.path} container={c} {...props} />),
        }))}
      />
    </div>
  );
}
