import { Button, Card, Empty, Input, InputNumber, Radio, Select, Space, Upload } from 'antd';
import { observer, useForm } from '@formily/react';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../render/RuntimeProvider';
import { useLazyNamespace } from '../../render/useLazyNamespace';
import { emptyPrintTemplate, PRINT_BLOCK_KINDS, type PrintAlign, type PrintBlock, type PrintModelInfo, type PrintTemplate } from '../../model/printTemplate';
import { PRINT_FIELDS_NAMESPACE, printFieldResources } from './printFieldResources';

export interface PrintTemplateDesignerProps {
  value?: PrintTemplate | null;
  onChange?: (value: PrintTemplate) => void;
  disabled?: boolean;
  readOnly?: boolean;
}

type Translate = ReturnType<typeof useLazyNamespace>;

// the bookkeeping fields stay available but are no one's first choice
const NOT_BY_DEFAULT = new Set(['id', 'createBy', 'createTime']);
const firstFields = (fields: PrintModelInfo['fields']) =>
  fields
    .filter((f) => !NOT_BY_DEFAULT.has(f.field))
    .slice(0, 4)
    .map((f) => f.field);

function newBlock(kind: PrintBlock['kind'], info: PrintModelInfo): PrintBlock {
  switch (kind) {
    case 'title':
      return { kind, text: info.title, align: 'center' };
    case 'text':
      return { kind, text: '' };
    case 'fields':
      return { kind, columns: 2, fields: firstFields(info.fields) };
    case 'table': {
      const table = info.tables[0];
      return { kind, model: table?.model ?? '', title: table?.title ?? '', columns: table ? firstFields(table.fields) : [] };
    }
    case 'image':
      return { kind, field: info.fields.find((f) => f.type === 'image')?.field ?? '', width: 120 };
  }
}

function AlignInput({ value, onChange, t, disabled }: { value?: PrintAlign; onChange: (v: PrintAlign) => void; t: Translate; disabled: boolean }) {
  return (
    <Radio.Group size="small" disabled={disabled} value={value ?? 'left'} onChange={(e) => onChange(e.target.value as PrintAlign)}>
      {(['left', 'center', 'right'] as const).map((a) => (
        <Radio.Button key={a} value={a}>
          {t(`designer.${a}`)}
        </Radio.Button>
      ))}
    </Radio.Group>
  );
}

function BlockEditor({
  block,
  info,
  t,
  disabled,
  onChange,
}: {
  block: PrintBlock;
  info: PrintModelInfo;
  t: Translate;
  disabled: boolean;
  onChange: (b: PrintBlock) => void;
}) {
  const { http } = useRuntime();
  const fieldOptions = info.fields.map((f) => ({ value: f.field, label: f.label }));
  switch (block.kind) {
    case 'title':
    case 'text':
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input.TextArea
            aria-label={t('designer.text')}
            disabled={disabled}
            autoSize
            value={block.text}
            maxLength={2000}
            onChange={(e) => onChange({ ...block, text: e.target.value })}
          />
          <AlignInput t={t} disabled={disabled} value={block.align} onChange={(align) => onChange({ ...block, align })} />
        </Space>
      );
    case 'fields':
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Select
            aria-label={t('designer.fields')}
            mode="multiple"
            disabled={disabled}
            style={{ width: '100%' }}
            value={block.fields}
            options={fieldOptions}
            optionFilterProp="label"
            onChange={(fields: string[]) => onChange({ ...block, fields })}
          />
          <Space>
            {t('designer.columns')}
            <Radio.Group
              size="small"
              disabled={disabled}
              value={block.columns}
              onChange={(e) => onChange({ ...block, columns: e.target.value as 1 | 2 | 3 | 4 })}
            >
              {[1, 2, 3, 4].map((n) => (
                <Radio.Button key={n} value={n}>
                  {n}
                </Radio.Button>
              ))}
            </Radio.Group>
          </Space>
        </Space>
      );
    case 'table': {
      const table = info.tables.find((tab) => tab.model === block.model);
      const dateFields = (table?.fields ?? []).filter((f) => f.type === 'date' || f.type === 'datetime').map((f) => ({ value: f.field, label: f.label }));
      const numberFields = (table?.fields ?? []).filter((f) => f.type === 'integer' || f.type === 'number').map((f) => ({ value: f.field, label: f.label }));
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <Select
              aria-label={t('designer.tableModel')}
              disabled={disabled}
              style={{ width: 220 }}
              value={block.model || undefined}
              options={info.tables.map((tab) => ({ value: tab.model, label: tab.title }))}
              onChange={(model: string) => {
                const next = info.tables.find((tab) => tab.model === model);
                onChange({ kind: 'table', model, title: next?.title ?? '', columns: next ? firstFields(next.fields) : [] });
              }}
            />
            <Input
              aria-label={t('designer.tableTitle')}
              disabled={disabled}
              style={{ width: 220 }}
              value={block.title}
              onChange={(e) => onChange({ ...block, title: e.target.value })}
            />
          </Space>
          <Select
            aria-label={t('designer.tableColumns')}
            mode="multiple"
            disabled={disabled}
            style={{ width: '100%' }}
            value={block.columns}
            options={(table?.fields ?? []).map((f) => ({ value: f.field, label: f.label }))}
            optionFilterProp="label"
            onChange={(columns: string[]) => onChange({ ...block, columns })}
          />
          <Space wrap>
            {t('designer.rowsWhere')}
            <Select
              aria-label={t('designer.rowsWhere')}
              disabled={disabled}
              style={{ width: 120 }}
              value={block.rowsWhere?.is ?? ''}
              options={[
                { value: '', label: t('designer.allRows') },
                { value: 'thisYear', label: t('designer.thisYear') },
                { value: 'notExpired', label: t('designer.notExpired') },
              ]}
              onChange={(is: '' | 'thisYear' | 'notExpired') => {
                const field = block.rowsWhere?.field ?? dateFields[0]?.value;
                const { rowsWhere: _dropped, ...rest } = block;
                void _dropped;
                onChange(is && field ? { ...rest, rowsWhere: { field, is } } : rest);
              }}
            />
            {block.rowsWhere ? (
              <Select
                aria-label={t('designer.dateField')}
                disabled={disabled}
                style={{ width: 160 }}
                value={block.rowsWhere.field}
                options={dateFields}
                onChange={(field: string) => onChange({ ...block, rowsWhere: { ...block.rowsWhere!, field } })}
              />
            ) : null}
            {t('designer.totals')}
            <Select
              aria-label={t('designer.totals')}
              mode="multiple"
              disabled={disabled}
              style={{ minWidth: 160 }}
              value={block.totals?.fields ?? []}
              options={numberFields.filter((f) => block.columns.includes(f.value))}
              onChange={(fields: string[]) => {
                const { totals: _dropped, ...rest } = block;
                void _dropped;
                onChange(fields.length > 0 ? { ...rest, totals: { label: block.totals?.label ?? '', fields } } : rest);
              }}
            />
            {block.totals ? (
              <Input
                aria-label={t('designer.totalLabel')}
                disabled={disabled}
                style={{ width: 120 }}
                placeholder={t('designer.totalLabel')}
                value={block.totals.label}
                maxLength={50}
                onChange={(e) => onChange({ ...block, totals: { ...block.totals!, label: e.target.value } })}
              />
            ) : null}
          </Space>
        </Space>
      );
    }
    case 'image':
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <Select
              aria-label={t('designer.imageField')}
              allowClear
              disabled={disabled}
              style={{ width: 220 }}
              placeholder={t('designer.imageField')}
              value={block.field || undefined}
              options={info.fields.filter((f) => f.type === 'image').map((f) => ({ value: f.field, label: f.label }))}
              onChange={(field?: string) =>
                onChange({ kind: 'image', width: block.width, align: block.align, caption: block.caption, ...(field ? { field } : {}) })
              }
            />
            <Upload
              accept=".png,.jpg,.jpeg"
              showUploadList={false}
              disabled={disabled}
              customRequest={({ file, onSuccess, onError }) => {
                const form = new FormData();
                form.append('biz', 'image');
                form.append('file', file as Blob);
                http.post<null>('/sys/common/upload', form).then(
                  (answer) => {
                    onChange({ kind: 'image', width: block.width, align: block.align, caption: block.caption, file: answer.message });
                    onSuccess?.(answer.message);
                  },
                  (error: Error) => onError?.(error),
                );
              }}
            >
              <Button disabled={disabled}>{block.file ? `${t('designer.imageFile')} ✓` : t('designer.upload')}</Button>
            </Upload>
          </Space>
          <Space wrap>
            {t('designer.width')}
            <InputNumber
              aria-label={t('designer.width')}
              disabled={disabled}
              min={10}
              max={600}
              value={block.width}
              onChange={(width) => onChange({ ...block, width: Number(width ?? 120) })}
            />
            <Input
              aria-label={t('designer.caption')}
              disabled={disabled}
              placeholder={t('designer.caption')}
              value={block.caption}
              onChange={(e) => onChange({ ...block, caption: e.target.value })}
            />
            <AlignInput t={t} disabled={disabled} value={block.align} onChange={(align) => onChange({ ...block, align })} />
          </Space>
        </Space>
      );
  }
}

/**
 * The print template designer (devPlatform.printDev.template): the page, then blocks bound to the fields
 * of the model chosen in formId and of its sub-record tabs (POST /api/system/printDev/Fields).
 */
export const PrintTemplateDesigner = observer(function PrintTemplateDesigner({ value, onChange, disabled, readOnly }: PrintTemplateDesignerProps) {
  const t = useLazyNamespace(PRINT_FIELDS_NAMESPACE, printFieldResources);
  const { http } = useRuntime();
  const form = useForm();
  const formId = (form.values as { formId?: string }).formId;
  const [info, setInfo] = useState<PrintModelInfo | null>(null);
  const template = value && typeof value === 'object' && Array.isArray(value.blocks) ? value : emptyPrintTemplate();
  const locked = Boolean(disabled || readOnly);

  useEffect(() => {
    if (!formId) return;
    let live = true;
    void http.post<PrintModelInfo>('/api/system/printDev/Fields', { formId }).then(({ data }) => {
      if (live) setInfo(data);
    });
    return () => {
      live = false;
    };
  }, [http, formId]);

  if (!formId || !info) return <Empty description={t('designer.chooseModel')} />;
  const update = (next: Partial<PrintTemplate>) => onChange?.({ ...template, ...next });
  const setBlock = (index: number, block: PrintBlock | null) => {
    const blocks = [...template.blocks];
    if (block) blocks[index] = block;
    else blocks.splice(index, 1);
    update({ blocks });
  };
  const move = (index: number, by: -1 | 1) => {
    const blocks = [...template.blocks];
    const [block] = blocks.splice(index, 1);
    blocks.splice(index + by, 0, block!);
    update({ blocks });
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="print-designer">
      <Space wrap>
        {t('designer.page')}
        <Select
          aria-label={t('designer.page')}
          disabled={locked}
          style={{ width: 100 }}
          value={template.page.size}
          options={['A4', 'A5', 'B5', 'LETTER'].map((size) => ({ value: size, label: size }))}
          onChange={(size: PrintTemplate['page']['size']) => update({ page: { ...template.page, size } })}
        />
        <Radio.Group
          disabled={locked}
          value={template.page.orientation}
          onChange={(e) => update({ page: { ...template.page, orientation: e.target.value as 'portrait' | 'landscape' } })}
        >
          <Radio.Button value="portrait">{t('designer.portrait')}</Radio.Button>
          <Radio.Button value="landscape">{t('designer.landscape')}</Radio.Button>
        </Radio.Group>
        {t('designer.margin')}
        <InputNumber
          aria-label={t('designer.margin')}
          disabled={locked}
          min={0}
          max={200}
          value={template.page.margin}
          onChange={(margin) => update({ page: { ...template.page, margin: Number(margin ?? 40) } })}
        />
      </Space>
      {locked ? null : (
        <Space wrap>
          {t('designer.add')}
          {PRINT_BLOCK_KINDS.map((kind) => (
            <Button key={kind} size="small" onClick={() => update({ blocks: [...template.blocks, newBlock(kind, info)] })}>
              {t(`designer.kinds.${kind}`)}
            </Button>
          ))}
        </Space>
      )}
      {template.blocks.length === 0 ? <Empty description={t('designer.empty')} /> : null}
      {template.blocks.map((block, index) => (
        <Card
          key={index}
          size="small"
          title={t(`designer.kinds.${block.kind}`)}
          extra={
            locked ? null : (
              <Space size={4}>
                <Button size="small" disabled={index === 0} onClick={() => move(index, -1)}>
                  {t('designer.up')}
                </Button>
                <Button size="small" disabled={index === template.blocks.length - 1} onClick={() => move(index, 1)}>
                  {t('designer.down')}
                </Button>
                <Button size="small" danger onClick={() => setBlock(index, null)}>
                  {t('designer.remove')}
                </Button>
              </Space>
            )
          }
        >
          <BlockEditor block={block} info={info} t={t} disabled={locked} onChange={(next) => setBlock(index, next)} />
        </Card>
      ))}
    </Space>
  );
});
