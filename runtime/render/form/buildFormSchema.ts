import type { ISchema } from '@formily/json-schema';
import type { Translate } from '../../createRuntime';
import type { ServedModel } from '../../model/types';
import { modelText } from '../modelText';
import { isSelectField } from '../../model/fieldRules';
import { buildValidators } from './buildValidators';
import { defaultComponent, dictProps, enumOptions } from './defaultComponent';
import { formEntries, type FormEntry } from './formFields';

export type FormMode = 'add' | 'edit' | 'detail';

const DEFAULT_LABEL_COL = 6;

function jsonType(entry: FormEntry): 'string' | 'number' {
  return entry.def.type === 'integer' || entry.def.type === 'number' ? 'number' : 'string';
}

function fieldSchema(served: ServedModel, entry: FormEntry, mode: FormMode, t?: Translate): ISchema {
  const { def, item } = entry;
  const label = modelText(served, def.label);
  const component = item['x-component'] ?? defaultComponent(def);
  const placeholder = item.placeholder
    ? modelText(served, item.placeholder)
    : t?.(isSelectField(def) ? 'form.selectPlaceholder' : 'form.inputPlaceholder', { label });
  const validators = buildValidators(served, def);
  const schema: ISchema = {
    type: jsonType(entry),
    title: label,
    required: Boolean(def.required),
    'x-decorator': 'FormItem',
    'x-decorator-props': { ...(item.span ? { gridSpan: item.span } : {}), ...item['x-decorator-props'] },
    'x-component': component,
    // Formily's FormItem draws its label as text, not a <label for>: name the control itself so
    // screen readers (and tests) find the field by its label
    'x-component-props': { 'aria-label': label, ...(placeholder ? { placeholder } : {}), ...dictProps(component, def), ...item['x-component-props'] },
  };
  if (validators.length > 0) schema['x-validator'] = validators;
  const options = enumOptions(def);
  if (options) schema.enum = options;
  if (item['x-display']) schema['x-display'] = item['x-display'];
  if (served.model.entity.fields[entry.name]?.writable === false) schema['x-pattern'] = 'readPretty';
  if (mode === 'add' && def.default !== undefined) schema.default = def.default;
  return schema;
}

/**
 * The Formily schema of a model's form: entity facts (type, label, rules, dictionary, default) joined
 * with the form's placement (widget, span, props) and layout. Add, edit and detail share it; detail
 * renders it with the form's pattern 'readPretty'. Pass `t` for the default placeholders (请输入…).
 *
 * @example
 * const schema = buildFormSchema(served, 'add', runtime.t);
 * <FormProvider form={createForm()}><runtime.SchemaField schema={schema} /></FormProvider>
 */
export function buildFormSchema(served: ServedModel, mode: FormMode, t?: Translate): ISchema {
  const layout = served.model.form?.layout ?? {};
  const labelCol = layout.labelCol ?? DEFAULT_LABEL_COL;
  const columns = layout.columns ?? 1;
  const properties = Object.fromEntries(formEntries(served).map((entry) => [entry.name, fieldSchema(served, entry, mode, t)]));
  const body: ISchema =
    columns > 1
      ? { type: 'void', properties: { grid: { type: 'void', 'x-component': 'FormGrid', 'x-component-props': { minColumns: columns, maxColumns: columns }, properties } } }
      : { type: 'void', properties };
  return {
    type: 'object',
    properties: {
      layout: {
        type: 'void',
        'x-component': 'FormLayout',
        'x-component-props': { labelCol, wrapperCol: layout.wrapperCol ?? 24 - labelCol },
        properties: body.properties,
      },
    },
  };
}
