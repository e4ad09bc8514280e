import { Checkbox, Divider, Empty, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPES, type FieldDef, type FormFieldItem, type ModelFile } from '../../runtime/model/types';
import { PATTERN_NAMES } from '../../runtime/validation/patterns';
import { widgetManifests } from '../manifests';
import { placementOf, updateField, updateItem } from '../ops/editFields';
import { getAt } from '../ops/jsonPointer';
import { PropsEditor } from './PropsEditor';

const COMPUTED = ['today', 'now', 'currentUser', 'currentUserName', 'currentDepart', 'currentTenant', 'billNumber'] as const;
const FIELD_WIDGETS = widgetManifests.filter((m) => m.group !== 'layout');

type Item = Exclude<FormFieldItem, string>;

/** A default value as the field's type wants it (a number field's default is a number). */
function typedDefault(def: FieldDef, text: string): string | number | boolean | undefined {
  if (text === '') return undefined;
  if (def.type === 'integer' || def.type === 'number') return Number.isFinite(Number(text)) ? Number(text) : text;
  if (def.type === 'boolean') return text === 'true';
  return text;
}

const TEXT_TYPES: readonly string[] = ['string', 'text'];
const NUMBER_TYPES: readonly string[] = ['integer', 'number'];

/** A field given another type: the rules that do not fit the new type go (a length on a number, a range on a text). */
function retyped(def: FieldDef, type: FieldDef['type']): Partial<FieldDef> {
  const text = TEXT_TYPES.includes(type);
  const number = NUMBER_TYPES.includes(type);
  return {
    type,
    maxLength: text ? (def.maxLength ?? (type === 'string' ? 100 : undefined)) : undefined,
    minLength: text ? def.minLength : undefined,
    pattern: text ? def.pattern : undefined,
    keyword: text ? def.keyword : undefined,
    minimum: number ? def.minimum : undefined,
    maximum: number ? def.maximum : undefined,
    default: typeof def.default === 'object' ? def.default : undefined,
  };
}

/** The selected field: its rules (entity.fields), its reactions and its widget with the widget's own props. */
export function FieldPanel({ model, field, change }: { model: ModelFile; field: string | null; change(edit: (m: ModelFile) => ModelFile): void }) {
  const { t } = useTranslation('designerApp');
  const { t: tWidget } = useTranslation('designer');
  const def = field ? model.entity.fields[field] : undefined;
  if (!field || !def) return <Empty description={t('field.none')} />;
  const pointer = placementOf(model, field);
  const raw = pointer ? (getAt(model, pointer) as FormFieldItem) : undefined;
  const item: Item = raw === undefined ? { field } : typeof raw === 'string' ? { field: raw } : raw;
  const setDef = (patch: Partial<FieldDef>) => change((m) => updateField(m, field, patch));
  const setItem = (patch: Record<string, unknown>) => pointer && change((m) => updateItem(m, pointer, patch));
  const manifest = widgetManifests.find((m) => m.name === item['x-component']);
  const computed = typeof def.default === 'object' && def.default !== null ? def.default : undefined;
  const isText = def.type === 'string' || def.type === 'text';
  const isNumber = def.type === 'integer' || def.type === 'number';
  return (
    <Form layout="vertical" size="small" data-testid="field-panel">
      <Divider orientation="left">{t('field.rules')}</Divider>
      <Form.Item label={t('field.name')}>
        <Input value={field} disabled />
      </Form.Item>
      <Form.Item label={t('field.label')}>
        <Input aria-label={t('field.label')} value={def.label} onChange={(e) => setDef({ label: e.target.value })} />
      </Form.Item>
      <Form.Item label={t('field.type')}>
        <Select value={def.type} options={FIELD_TYPES.map((v) => ({ value: v, label: v }))} onChange={(type: FieldDef['type']) => setDef(retyped(def, type))} />
      </Form.Item>
      <Checkbox checked={def.required === true} onChange={(e) => setDef({ required: e.target.checked || undefined })}>
        {t('field.required')}
      </Checkbox>
      <Checkbox checked={def.unique === true} onChange={(e) => setDef({ unique: e.target.checked || undefined })}>
        {t('field.unique')}
      </Checkbox>
      {isText ? (
        <Checkbox checked={def.keyword === true} onChange={(e) => setDef({ keyword: e.target.checked || undefined })}>
          {t('field.keyword')}
        </Checkbox>
      ) : null}
      {isText ? (
        <>
          <Form.Item label={t('field.maxLength')}>
            <InputNumber min={1} max={65535} value={def.maxLength} onChange={(v) => setDef({ maxLength: v ?? undefined })} />
          </Form.Item>
          <Form.Item label={t('field.minLength')}>
            <InputNumber min={0} value={def.minLength} onChange={(v) => setDef({ minLength: v ?? undefined })} />
          </Form.Item>
          <Form.Item label={t('field.pattern')}>
            <Select allowClear value={def.pattern} options={PATTERN_NAMES.map((p) => ({ value: p, label: p }))} onChange={(pattern) => setDef({ pattern })} />
          </Form.Item>
        </>
      ) : null}
      {isNumber ? (
        <>
          <Form.Item label={t('field.minimum')}>
            <InputNumber value={def.minimum} onChange={(v) => setDef({ minimum: v ?? undefined })} />
          </Form.Item>
          <Form.Item label={t('field.maximum')}>
            <InputNumber value={def.maximum} onChange={(v) => setDef({ maximum: v ?? undefined })} />
          </Form.Item>
        </>
      ) : null}
      <Form.Item label={t('field.dict')}>
        <Input aria-label={t('field.dict')} value={def.dict ?? ''} onChange={(e) => setDef({ dict: e.target.value || undefined })} />
      </Form.Item>
      {isText ? (
        <>
          <Form.Item label={t('field.ref')}>
            <Input
              aria-label={t('field.ref')}
              value={def.ref ?? ''}
              placeholder="online.sampleReceipt"
              onChange={(e) => setDef(e.target.value ? { ref: e.target.value } : { ref: undefined, refLabel: undefined, multiple: undefined })}
            />
          </Form.Item>
          {def.ref ? (
            <>
              <Form.Item label={t('field.refLabel')}>
                <Input aria-label={t('field.refLabel')} value={def.refLabel ?? ''} onChange={(e) => setDef({ refLabel: e.target.value || undefined })} />
              </Form.Item>
              <Checkbox checked={def.multiple === true} onChange={(e) => setDef({ multiple: e.target.checked || undefined })}>
                {t('field.multiple')}
              </Checkbox>
            </>
          ) : null}
        </>
      ) : null}
      <Form.Item label={t('field.defaultComputed')}>
        <Select
          allowClear
          aria-label={t('field.defaultComputed')}
          value={computed?.computed}
          options={COMPUTED.map((c) => ({ value: c, label: c }))}
          onChange={(c) =>
            setDef({
              default: c
                ? { computed: c, ...(c === 'billNumber' ? { rule: computed?.rule ?? `${model.entity.table}_${field}`.slice(0, 50) } : {}) }
                : undefined,
            })
          }
        />
      </Form.Item>
      {computed?.computed === 'billNumber' ? (
        <Form.Item label={t('field.billRule')}>
          <Input value={computed.rule ?? ''} onChange={(e) => setDef({ default: { computed: 'billNumber', rule: e.target.value } })} />
        </Form.Item>
      ) : null}
      {!computed ? (
        <Form.Item label={t('field.default')}>
          <Input
            aria-label={t('field.default')}
            value={def.default === undefined ? '' : String(def.default)}
            onChange={(e) => setDef({ default: typedDefault(def, e.target.value) })}
          />
        </Form.Item>
      ) : null}
      <Form.Item label={t('field.compute')}>
        <Input
          aria-label={t('field.compute')}
          value={def.compute ?? ''}
          placeholder="round(quantity * unitPrice, 2)"
          onChange={(e) => setDef({ compute: e.target.value || undefined })}
        />
      </Form.Item>
      <Divider orientation="left">{t('field.reactions')}</Divider>
      <Form.Item label={t('field.requiredWhen')}>
        <Input value={def.requiredWhen ?? ''} placeholder="state == '2'" onChange={(e) => setDef({ requiredWhen: e.target.value || undefined })} />
      </Form.Item>
      {pointer ? (
        <>
          <Form.Item label={t('field.visibleWhen')}>
            <Input value={item.visibleWhen ?? ''} onChange={(e) => setItem({ visibleWhen: e.target.value || undefined })} />
          </Form.Item>
          <Form.Item label={t('field.disabledWhen')}>
            <Input value={item.disabledWhen ?? ''} onChange={(e) => setItem({ disabledWhen: e.target.value || undefined })} />
          </Form.Item>
          <Divider orientation="left">{t('field.props')}</Divider>
          <Form.Item label={t('field.widget')}>
            <Select
              allowClear
              value={item['x-component']}
              options={FIELD_WIDGETS.map((m) => ({ value: m.name, label: tWidget(m.title) }))}
              onChange={(widget) => setItem({ 'x-component': widget, 'x-component-props': undefined })}
            />
          </Form.Item>
          <Form.Item label={t('field.span')}>
            <InputNumber min={1} max={4} value={item.span} onChange={(v) => setItem({ span: v ?? undefined })} />
          </Form.Item>
          {manifest ? (
            <PropsEditor
              schema={manifest.propsSchema}
              value={(item['x-component-props'] as Record<string, unknown> | undefined) ?? {}}
              onChange={(props) => setItem({ 'x-component-props': Object.keys(props).length > 0 ? props : undefined })}
            />
          ) : null}
        </>
      ) : null}
    </Form>
  );
}
