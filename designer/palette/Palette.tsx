import { useDraggable } from '@dnd-kit/core';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { widgetManifests, type WidgetManifest } from '../manifests';

const GROUPS: WidgetManifest['group'][] = ['layout', 'input', 'select', 'date', 'display'];

/** What a palette item carries into a drop. */
export interface PaletteDrag {
  kind: 'palette';
  manifest: WidgetManifest;
}

function PaletteItem({ manifest, onAdd }: { manifest: WidgetManifest; onAdd(manifest: WidgetManifest): void }) {
  const { t } = useTranslation('designer');
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `palette:${manifest.name}`,
    data: { kind: 'palette', manifest } satisfies PaletteDrag,
  });
  return (
    <div
      ref={setNodeRef}
      {...listeners}
      {...attributes}
      data-widget={manifest.name}
      // a double click (or Enter on the focused item) adds the widget at the end of the selected section
      onDoubleClick={() => onAdd(manifest)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onAdd(manifest);
        else listeners?.onKeyDown?.(event);
      }}
      style={{
        padding: '4px 8px',
        margin: '0 0 4px',
        border: '1px dashed #d9d9d9',
        borderRadius: 4,
        cursor: 'grab',
        background: isDragging ? '#e6f4ff' : '#fff',
        fontSize: 13,
      }}
    >
      {t(manifest.title)}
    </div>
  );
}

/** Every registered widget, from its designer manifest, grouped as the manifests say. */
export function Palette({ onAdd }: { onAdd(manifest: WidgetManifest): void }) {
  const { t } = useTranslation('designerApp');
  return (
    <div data-testid="designer-palette">
      <Typography.Title level={5}>{t('canvas.palette')}</Typography.Title>
      {GROUPS.map((group) => (
        <div key={group} style={{ marginBottom: 8 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`group.${group}`)}
          </Typography.Text>
          {widgetManifests
            .filter((m) => m.group === group)
            .map((m) => (
              <PaletteItem key={m.name} manifest={m} onAdd={onAdd} />
            ))}
        </div>
      ))}
    </div>
  );
}
