import { DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { App, Button, Space, Tabs, Tag, Tooltip } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../runtime/data/ApiError';
import { alreadyShown } from '../runtime/render/useFeedback';
import type { ModelFile } from '../runtime/model/types';
import { Canvas, type CanvasDrop } from './canvas/Canvas';
import { CodeDialog } from './modules/CodeDialog';
import type { WidgetManifest } from './manifests';
import { moveItem, removeField } from './ops/editFields';
import { formContainers } from './ops/formContainers';
import { placeWidget } from './ops/placeWidget';
import { Palette, type PaletteDrag } from './palette/Palette';
import { FieldPanel } from './panels/FieldPanel';
import { JsonView } from './panels/JsonView';
import { ListPanel } from './panels/ListPanel';
import { ModelPanel } from './panels/ModelPanel';
import { VersionsPanel } from './panels/VersionsPanel';
import type { DesignApi, DesignRow } from './persistence/designApi';
import { AppPreview } from './preview/AppPreview';
import { Preview } from './preview/Preview';
import { useDesignHistory } from './state/useDesignHistory';
import { useShortcuts } from './state/useShortcuts';

export interface DesignEditorProps {
  api: DesignApi;
  row: DesignRow;
  /** every design's model, for sub-record tabs and the preview of them */
  designs: Record<string, ModelFile>;
  onSaved(row: DesignRow): void;
  onReleased(): void;
}

/** One design being edited: the palette, the canvas and the property panel, the list, the model, its JSON, a preview and its versions. */
export function DesignEditor({ api, row, designs, onSaved, onReleased }: DesignEditorProps) {
  const { t } = useTranslation('designerApp');
  const { t: tWidget } = useTranslation('designer');
  const { message, modal } = App.useApp();
  const saved = useMemo(() => JSON.parse(row.modelJson) as ModelFile, [row.modelJson]);
  const { model, change, undo, redo, canUndo, canRedo, replace } = useDesignHistory(saved);
  const [selected, setSelected] = useState<{ field: string; container: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState(false);
  const dirty = JSON.stringify(model) !== JSON.stringify(saved);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const place = useCallback(
    (manifest: WidgetManifest, container: string | null, index: number) => {
      const texts = { label: tWidget(manifest.title), sectionTitle: t('canvas.section'), tabTitle: t('canvas.tab') };
      const placed = placeWidget(model, manifest, container, index, texts);
      change(() => placed.model);
      setSelected({ field: placed.field, container: container ?? '' });
    },
    [change, model, t, tWidget],
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = active.data.current as PaletteDrag | CanvasDrop | undefined;
    const to = over?.data.current as CanvasDrop | undefined;
    if (!from || !to) return;
    const index = to.kind === 'item' ? to.index : to.size;
    if (from.kind === 'palette') place(from.manifest, to.container, index);
    else if (from.kind === 'item') change((m) => moveItem(m, from.container, from.index, to.container, index));
  };

  const save = useCallback(async () => {
    if (!dirty || busy) return;
    setBusy(true);
    try {
      const next = await api.save(row, model);
      message.success(t('design.saved', { version: next.draftVersion }));
      onSaved(next);
    } catch {
      // the HTTP client showed the server's message
    } finally {
      setBusy(false);
    }
  }, [api, busy, dirty, message, model, onSaved, row, t]);

  const release = async (confirm = false): Promise<void> => {
    if (dirty) {
      message.warning(t('design.saveFirst'));
      return;
    }
    setBusy(true);
    try {
      const answer = await api.release(row.id, confirm);
      message.success(answer.changed ? t('design.released', { modelId: answer.modelId, version: answer.version }) : t('design.unchanged'));
      onSaved(await api.get(row.id));
      onReleased();
    } catch (error) {
      if (isApiError(error) && error.errorCode === 'CL_ERR_RELEASE_DESTRUCTIVE') {
        modal.confirm({
          title: t('design.destructiveTitle'),
          content: error.message,
          okText: t('design.destructiveOk'),
          okButtonProps: { danger: true },
          cancelText: t('design.cancel'),
          onOk: () => release(true),
        });
      } else if (!alreadyShown(error)) message.error(isApiError(error) ? error.message : String(error), 8);
    } finally {
      setBusy(false);
    }
  };

  const removeSelected = useCallback(() => {
    if (!selected) return;
    change((m) => removeField(m, selected.field));
    setSelected(null);
  }, [change, selected]);

  const shortcuts = useMemo(() => ({ undo, redo, save: () => void save(), removeSelected }), [undo, redo, save, removeSelected]);
  useShortcuts(shortcuts);

  const lastContainer = formContainers(model).at(-1)?.path ?? null;
  const addAtEnd = (manifest: WidgetManifest) => {
    const container = selected?.container && formContainers(model).some((c) => c.path === selected.container) ? selected.container : lastContainer;
    const size = formContainers(model).find((c) => c.path === container)?.items.length ?? 0;
    place(manifest, container, size);
  };

  return (
    <div data-testid="design-editor" data-design={row.enCode}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Tooltip title={t('design.shortcuts')}>
          <Button onClick={undo} disabled={!canUndo}>
            {t('design.undo')}
          </Button>
        </Tooltip>
        <Button onClick={redo} disabled={!canRedo}>
          {t('design.redo')}
        </Button>
        <Button type="primary" onClick={() => void save()} disabled={!dirty} loading={busy}>
          {t('design.save')}
        </Button>
        <Button onClick={() => void release()} disabled={busy}>
          {t('design.release')}
        </Button>
        <Button onClick={() => setCode(true)}>{t('code.button')}</Button>
        {dirty ? <Tag color="orange">{t('design.unsaved')}</Tag> : null}
        <Tag>{row.enCode}</Tag>
        <Tag color={row.state === 1 ? 'green' : 'default'}>
          v{row.draftVersion}
          {row.releasedVersion ? ` / ${t('design.release')} v${row.releasedVersion}` : ''}
        </Tag>
      </Space>
      <Tabs
        items={[
          {
            key: 'form',
            label: t('tabs.form'),
            children: (
              <DndContext sensors={sensors} onDragEnd={onDragEnd}>
                <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
                  <div style={{ width: 180, flex: 'none', maxHeight: '75vh', overflow: 'auto' }}>
                    <Palette onAdd={addAtEnd} />
                  </div>
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Canvas
                      model={model}
                      selected={selected?.field ?? null}
                      onSelect={(field, container) => setSelected({ field, container })}
                      onRemove={(field) => {
                        change((m) => removeField(m, field));
                        setSelected(null);
                      }}
                      change={change}
                    />
                  </div>
                  <div style={{ width: 300, flex: 'none', maxHeight: '75vh', overflow: 'auto' }}>
                    <FieldPanel model={model} field={selected?.field ?? null} change={change} />
                  </div>
                </div>
              </DndContext>
            ),
          },
          { key: 'list', label: t('tabs.list'), children: <ListPanel model={model} change={change} /> },
          { key: 'model', label: t('tabs.model'), children: <ModelPanel model={model} designs={Object.keys(designs)} change={change} /> },
          { key: 'json', label: t('tabs.json'), children: <JsonView model={model} api={api} onApply={replace} /> },
          { key: 'preview', label: t('tabs.preview'), children: <Preview model={model} models={designs} /> },
          { key: 'app', label: t('tabs.app'), children: <AppPreview api={api} row={row} /> },
          { key: 'versions', label: t('tabs.versions'), children: <VersionsPanel api={api} designId={row.id} revision={row.draftVersion} /> },
        ]}
        destroyInactiveTabPane
      />
      <CodeDialog api={api} row={row} open={code} onClose={() => setCode(false)} />
    </div>
  );
}
