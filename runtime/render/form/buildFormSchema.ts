import type { ISchema } from '@formily/json-schema';
import type { Translate } from '../../RuntimeInstance';
import type { HookRegistry } from '../../hooks/createHookRegistry';
import type { ServedModel } from '../../model/types';
import { isSelectField } from '../../model/fieldRules';
import { modelText } from '../modelText';
import { buildValidators } from './buildValidators';
import { defaultComponent, dictProps, enumOptions, refProps } from './defaultComponent';
import { fieldReactions } from './fieldReactions';
import { formLayout, isDetailOnly, type FormEntry, type FormSectionLayout } from './formFields';
import type { FormMode } from './formMode';

export type { FormMode } from './formMode';

const DEFAULT_LABEL_COL = 6;

function jsonType(entry: FormEntry): 'string' | 'number' {
  return entry.def.type === 'integer' || entry.def.type === 'number' ? 'number' : 'string';
}

function fieldSchema(served: ServedModel, entry: FormEntry, mode: FormMode, t?: Translate, hooks?: HookRegistry): ISchema {
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
    'x-component-props': {
      'aria-label': label,
      ...(placeholder ? { placeholder } : {}),
      ...dictProps(component, def),
      ...refProps(component, def),
      ...item['x-component-props'],
    },
  };
  if (validators.length > 0) schema['x-validator'] = validators;
  const options = enumOptions(def);
  if (options) schema.enum = options;
  if (item['x-display']) schema['x-display'] = item['x-display'];
  const readPretty = served.model.entity.fields[entry.name]?.writable === false || isDetailOnly(entry);
  if (readPretty) schema['x-pattern'] = 'readPretty';
  // a computed value is the expression's, never the user's (the server recomputes it on save as well);
  // a field the user's roles make read-only is shown but not theirs to change (the server ignores it too)
  else if ((def.compute || served.fieldAccess?.readOnly.includes(entry.name)) && mode !== 'detail') schema['x-pattern'] = 'readOnly';
  if (mode === 'add' && def.default !== undefined && typeof def.default !== 'object') schema.default = def.default;
  const reactions = fieldReactions(served, entry, mode, readPretty, hooks);
  if (reactions.length > 0) schema['x-reactions'] = reactions as ISchema['x-reactions'];
  return schema;
}

export interface FormSchemaOptions {
  /** for the default placeholders (请输入…) */
  t?: Translate;
  /** resolves the fields' formReaction hooks; without it they are left out (widget listing only) */
  hooks?: HookRegistry;
  /** a narrow screen (useNarrowScreen): labels above their fields, one column */
  narrow?: boolean;
}

/**
 * A field in a cell of a grid of `columns`: layout.labelCol is a share of the form's width, so a field
 * spanning one of two columns gets twice the share of its cell — every label column as wide as a full-row
 * field's, aligned, and wide enough for the language's labels (at labelCol 4 of a 900 px two-column form a
 * cell's label had 70 px: 通告对象类型 and Message category did not fit). A field's own labelCol wins.
 */
function inCell(schema: ISchema, labelCol: number, columns: number, span = 1): ISchema {
  const props = schema['x-decorator-props'] as Record<string, unknown>;
  if (columns <= 1 || span >= columns || props.labelCol !== undefined) return schema;
  const cellLabelCol = Math.min(Math.round((labelCol * columns) / span), 16);
  return { ...schema, 'x-decorator-props': { ...props, labelCol: cellLabelCol, wrapperCol: 24 - cellLabelCol } };
}

const grid = (columns: number, properties: Record<string, ISchema>): ISchema => ({
  type: 'void',
  'x-component': 'FormGrid',
  'x-component-props': { minColumns: columns, maxColumns: columns },
  properties,
});

/**
 * The Formily schema of a model's form: entity facts (type, label, rules, dictionary, default,
 * requiredWhen, compute) joined with the form's placement (widget, span, visibleWhen, disabledWhen,
 * hooks, props) and layout: flat fields (with form.layout.columns), titled sections with their own
 * grid, or tabs of sections. Add, edit and detail share it; detail renders it with the form's pattern
 * 'readPretty'.
 *
 * @example
 * const schema = buildFormSchema(served, 'add', { t: runtime.t, hooks: runtime.hooks });
 * <FormProvider form={createForm()}><runtime.SchemaField schema={schema} /></FormProvider>
 */
export function buildFormSchema(served: ServedModel, mode: FormMode, options: FormSchemaOptions = {}): ISchema {
  const layout = served.model.form?.layout ?? {};
  const labelCol = layout.labelCol ?? DEFAULT_LABEL_COL;
  const narrow = options.narrow === true;
  const columnsOf = (columns: number | undefined) => (narrow ? 1 : (columns ?? 1));
  // a field the user's roles hide is not in their form at all (nor in what the server answers them);
  // a detail-only entry (version 12) is in the detail view only
  const hidden = new Set(served.fieldAccess?.hidden ?? []);
  const shown = (entry: FormEntry) => !hidden.has(entry.name) && (mode === 'detail' || !isDetailOnly(entry));
  const fields = (entries: FormEntry[], columns = 1) =>
    Object.fromEntries(
      entries
        .filter(shown)
        .map((entry) => [entry.name, inCell(fieldSchema(served, entry, mode, options.t, options.hooks), labelCol, columns, entry.item.span)]),
    );
  const sections = (list: FormSectionLayout[], prefix: string): Record<string, ISchema> =>
    Object.fromEntries(
      list.map((section, index) => {
        const columns = columnsOf(section.columns ?? layout.columns);
        const body = grid(columns, fields(section.entries, columns));
        if (!section.title) return [`${prefix}${index}`, body];
        const title = modelText(served, section.title);
        return [`${prefix}${index}`, { type: 'void', 'x-component': 'FormSection', 'x-component-props': { title }, properties: { grid: body } }];
      }),
    );

  const form = formLayout(served);
  let properties: Record<string, ISchema>;
  if (form.kind === 'fields') {
    const columns = columnsOf(layout.columns);
    properties = columns > 1 ? { grid: grid(columns, fields(form.entries, columns)) } : fields(form.entries);
  } else if (form.kind === 'sections') {
    properties = sections(form.sections, 'section');
  } else {
    // every pane renders at once (forceRender): a field on a tab not yet opened is still validated and submitted
    const panes = Object.fromEntries(
      form.tabs.map((tab, index) => [
        `tab${index}`,
        {
          type: 'void',
          'x-component': 'FormTab.TabPane',
          'x-component-props': { tab: modelText(served, tab.title), forceRender: true },
          properties: sections(tab.sections, `tab${index}section`),
        },
      ]),
    );
    properties = { tabs: { type: 'void', 'x-component': 'FormTab', properties: panes } };
  }
  return {
    type: 'object',
    properties: {
      layout: {
        type: 'void',
        'x-component': 'FormLayout',
        // labelWrap: a label longer than its column wraps onto more lines instead of being cut ("Mes…" for
        // Message category in English, 通告对象类型 at labelCol 4 of a two-column form)
        'x-component-props': narrow ? { layout: 'vertical' } : { labelCol, wrapperCol: layout.wrapperCol ?? 24 - labelCol, labelWrap: true },
        properties,
      },
    },
  };
}
