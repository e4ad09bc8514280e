import { Button, Card, Empty, Form, Input, Modal, Result, Select, Space, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../runtime';
import type { ModelFile } from '../runtime/model/types';
import { DesignEditor } from './DesignEditor';
import { DESIGNER_APP_NAMESPACE, designerAppResources } from './i18n';
import { manifestResources } from './manifests';
import { ModulesDialog } from './modules/ModulesDialog';
import { blankModel, DESIGN_NAME } from './ops/blankModel';
import { createDesignApi, type DesignRow } from './persistence/designApi';

/** Who may open the designer: those who may list the designs (the server checks every call again). */
export const DESIGNER_PERMISSION = 'visualdev:design:list';

function useDesignerTexts(): void {
  const { i18n } = useRuntime();
  useMemo(() => {
    for (const [lang, bundle] of Object.entries(manifestResources)) i18n.addResourceBundle(lang, 'designer', bundle, true, false);
    for (const [lang, bundle] of Object.entries(designerAppResources)) i18n.addResourceBundle(lang, DESIGNER_APP_NAMESPACE, bundle, true, false);
  }, [i18n]);
}

function parsed(row: DesignRow): ModelFile | null {
  try {
    return JSON.parse(row.modelJson) as ModelFile;
  } catch {
    return null;
  }
}

export interface DesignerAppProps {
  /** called after a release (the shell reloads the menus, so the new screen shows at once) */
  onReleased?: () => void;
}

/**
 * The designer (/online/designer): pick or create a design, edit its model (form, list, model, JSON),
 * preview it on the real runtime, save drafts and release. Its own lazy chunk: nothing of it loads
 * before it opens.
 */
export function DesignerApp({ onReleased }: DesignerAppProps) {
  useDesignerTexts();
  const runtime = useRuntime();
  const { t } = useTranslation(DESIGNER_APP_NAMESPACE);
  const api = useMemo(() => createDesignApi(runtime.http), [runtime.http]);
  const [rows, setRows] = useState<DesignRow[]>([]);
  const [current, setCurrent] = useState<DesignRow | null>(null);
  const [creating, setCreating] = useState(false);
  const [modules, setModules] = useState(false);
  const [form] = Form.useForm<{ name: string; fullName: string }>();
  const allowed = runtime.access.has(DESIGNER_PERMISSION);

  const reload = useCallback(async () => setRows(await api.list()), [api]);
  useEffect(() => {
    if (allowed) reload().catch(() => undefined);
  }, [allowed, reload]);

  const designs = useMemo(() => Object.fromEntries(rows.flatMap((r) => (parsed(r) ? [[r.enCode, parsed(r)!]] : []))), [rows]);

  if (!allowed) return <Result status="403" title="403" subTitle={t('noPermission')} />;

  const open = async (id: string) => setCurrent(await api.get(id));
  const create = async () => {
    const { name, fullName } = await form.validateFields();
    const row = await api.create(blankModel(name, fullName, t('canvas.newField'), t('canvas.section')));
    setCreating(false);
    form.resetFields();
    await reload();
    setCurrent(row);
  };
  const copy = async () => {
    if (!current) return;
    const { id } = await api.copy(current.id);
    await reload();
    await open(id);
  };

  return (
    <Card data-testid="designer-app" title={t('title')} style={{ margin: 12 }}>
      <Space style={{ marginBottom: 12 }}>
        <Select
          showSearch
          aria-label={t('design.pick')}
          placeholder={t('design.pick')}
          style={{ width: 320 }}
          value={current?.id}
          optionFilterProp="label"
          options={rows.map((r) => ({ value: r.id, label: `${r.fullName} (${r.enCode})` }))}
          onChange={(id: string) => void open(id)}
        />
        <Button onClick={() => setCreating(true)}>{t('design.new')}</Button>
        <Button onClick={() => void copy()} disabled={!current}>
          {t('design.copy')}
        </Button>
        <Button onClick={() => setModules(true)}>{t('modules.title')}</Button>
      </Space>
      {current ? (
        <DesignEditor
          key={current.id}
          api={api}
          row={current}
          designs={designs}
          onSaved={(row) => {
            setCurrent(row);
            reload().catch(() => undefined);
          }}
          onReleased={() => onReleased?.()}
        />
      ) : (
        <Empty description={t('design.empty')} />
      )}
      <ModulesDialog
        api={api}
        rows={rows}
        open={modules}
        onClose={() => setModules(false)}
        onImported={() => {
          reload().catch(() => undefined);
          if (current) open(current.id).catch(() => undefined);
          onReleased?.();
        }}
      />
      <Modal
        open={creating}
        title={t('design.newTitle')}
        okText={t('design.confirm')}
        cancelText={t('design.close')}
        onOk={() => void create().catch(() => undefined)}
        onCancel={() => setCreating(false)}
        maskClosable={false}
        destroyOnClose
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="name"
            label={t('design.name')}
            extra={<Typography.Text type="secondary">{t('design.nameHint')}</Typography.Text>}
            rules={[{ required: true, pattern: DESIGN_NAME, message: t('design.nameInvalid') }]}
          >
            <Input addonBefore="online." />
          </Form.Item>
          <Form.Item name="fullName" label={t('design.fullName')} rules={[{ required: true, max: 100 }]}>
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
