import { DeleteOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ModelFile, TabDef } from '../../runtime/model/types';
import { updateAt } from '../ops/jsonPointer';

/**
 * Import or export switched on or off: the operation (api.operations) and its toolbar button (list.actions)
 * go together, since the list shows a button only where the model lists one.
 */
function withFileAction(model: ModelFile, operation: 'import' | 'export', on: boolean, label: string): ModelFile {
  const withOperation = updateAt(model, `/api/operations/${operation}`, () => (on ? true : undefined));
  const actions = (withOperation.list?.actions ?? []).filter((a) => typeof a === 'string' || a.operation !== operation);
  const next = on ? [...actions, { key: operation, label, operation, placement: 'toolbar' as const }] : actions;
  return withOperation.list ? { ...withOperation, list: { ...withOperation.list, actions: next } } : withOperation;
}

/**
 * The model as a whole: its title, table, REST base and permission prefix, import/export, the form's
 * width and columns, the tree (parent and label fields, root value, lazy children, tree list or tree
 * table), and the sub-record tabs (a child model and the field of it that holds
 * this record's id). `designs` are the model ids a tab may name.
 */
export function ModelPanel({ model, designs, change }: { model: ModelFile; designs: string[]; change(edit: (m: ModelFile) => ModelFile): void }) {
  const { t } = useTranslation('designerApp');
  const set = (pointer: string, value: unknown) => change((m) => updateAt(m, pointer, () => (value === '' || value === null ? undefined : value)));
  const operations = model.api.operations ?? {};
  const tabs = model.tabs ?? [];
  const setTabs = (next: TabDef[]) =>
    change((m) => {
      const { tabs: _t, ...rest } = m;
      return next.length > 0 ? { ...rest, tabs: next } : (rest as ModelFile);
    });
  const fieldOptions = Object.entries(model.entity.fields).map(([name, def]) => ({ value: name, label: `${def.label} (${name})` }));
  return (
    <Form layout="vertical" data-testid="model-panel" style={{ maxWidth: 720 }}>
      <Form.Item label={t('model.id')}>
        <Input value={model.id} disabled />
      </Form.Item>
      <Form.Item label={t('model.title')}>
        <Input aria-label={t('model.title')} value={model.title} onChange={(e) => set('/title', e.target.value)} />
      </Form.Item>
      <Form.Item label={t('model.table')}>
        <Input value={model.entity.table} onChange={(e) => set('/entity/table', e.target.value)} />
      </Form.Item>
      <Form.Item label={t('model.base')}>
        <Input value={model.api.base} onChange={(e) => set('/api/base', e.target.value)} />
      </Form.Item>
      <Form.Item label={t('model.prefix')}>
        <Input aria-label={t('model.prefix')} value={model.permissions.prefix} onChange={(e) => set('/permissions/prefix', e.target.value)} />
      </Form.Item>
      <Form.Item label={t('model.importExport')}>
        <Space>
          <Checkbox
            checked={operations.import === true}
            onChange={(e) => change((m) => withFileAction(m, 'import', e.target.checked, t('model.importButton')))}
          >
            {t('model.import')}
          </Checkbox>
          <Checkbox
            checked={operations.export === true}
            onChange={(e) => change((m) => withFileAction(m, 'export', e.target.checked, t('model.exportButton')))}
          >
            {t('model.export')}
          </Checkbox>
        </Space>
      </Form.Item>
      <Space>
        <Form.Item label={t('model.formWidth')}>
          <InputNumber min={300} max={1600} value={model.form?.width} onChange={(v) => set('/form/width', v)} />
        </Form.Item>
        <Form.Item label={t('model.formColumns')}>
          <InputNumber min={1} max={4} value={model.form?.layout?.columns} onChange={(v) => set('/form/layout/columns', v)} />
        </Form.Item>
      </Space>
      <Form.Item label={`${t('model.tree')}: ${t('model.parentField')}`}>
        <Select
          allowClear
          aria-label={t('model.parentField')}
          value={model.tree?.parentField}
          options={fieldOptions}
          onChange={(parentField?: string) =>
            change((m) => {
              const { tree: _t, screen: _s, ...rest } = m;
              return parentField
                ? ({ ...rest, tree: { ...m.tree, parentField }, screen: { kind: m.screen?.kind === 'treeTable' ? 'treeTable' : 'tree' } } as ModelFile)
                : (rest as ModelFile);
            })
          }
        />
      </Form.Item>
      {model.tree ? (
        <Space wrap data-testid="tree-settings">
          <Form.Item label={t('model.treeKind')}>
            <Radio.Group
              value={model.screen?.kind ?? 'tree'}
              onChange={(e) => set('/screen/kind', e.target.value)}
              options={[
                { value: 'tree', label: t('model.treeList') },
                { value: 'treeTable', label: t('model.treeTable') },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('model.labelField')}>
            <Select
              allowClear
              aria-label={t('model.labelField')}
              style={{ width: 200 }}
              value={model.tree.labelField}
              options={fieldOptions.filter((o) => o.value !== model.tree?.parentField)}
              onChange={(v?: string) => set('/tree/labelField', v)}
            />
          </Form.Item>
          <Form.Item label={t('model.rootValue')}>
            <Input
              aria-label={t('model.rootValue')}
              style={{ width: 120 }}
              value={String(model.tree.rootValue ?? '')}
              onChange={(e) => set('/tree/rootValue', e.target.value)}
            />
          </Form.Item>
          <Form.Item label={t('model.lazy')}>
            <Checkbox checked={model.tree.lazy === true} onChange={(e) => set('/tree/lazy', e.target.checked || undefined)} />
          </Form.Item>
        </Space>
      ) : null}
      <Divider orientation="left">{t('model.subTabs')}</Divider>
      {tabs.map((tab, i) => (
        <Space key={i} align="start" style={{ display: 'flex', marginBottom: 8 }} data-testid="sub-tab">
          <Select
            aria-label={t('model.childModel')}
            style={{ width: 220 }}
            placeholder={t('model.childModel')}
            value={tab.model || undefined}
            options={designs.filter((id) => id !== model.id).map((id) => ({ value: id, label: id }))}
            onChange={(child: string) => setTabs(tabs.map((x, j) => (j === i ? { ...x, model: child } : x)))}
          />
          <Input
            aria-label={t('model.foreignKey')}
            placeholder={t('model.foreignKey')}
            value={tab.foreignKey}
            onChange={(e) => setTabs(tabs.map((x, j) => (j === i ? { ...x, foreignKey: e.target.value } : x)))}
          />
          <Input
            aria-label={t('model.tabTitle')}
            placeholder={t('model.tabTitle')}
            value={tab.title ?? ''}
            onChange={(e) => setTabs(tabs.map((x, j) => (j === i ? { ...x, title: e.target.value || undefined } : x)))}
          />
          <Button danger icon={<DeleteOutlined />} aria-label="remove" onClick={() => setTabs(tabs.filter((_, j) => j !== i))} />
        </Space>
      ))}
      <Button onClick={() => setTabs([...tabs, { model: '', foreignKey: '' }])}>{t('model.addTab')}</Button>
    </Form>
  );
}
