import type { FieldDef, FormFieldItem, FormSection, ModelFile } from '../../runtime/model/types';
import type { WidgetManifest } from '../manifests';
import { formContainers } from './formContainers';
import { getAt, updateAt } from './jsonPointer';

/** Texts a placement writes into the model (the palette title of the widget, the new section's and tab's titles). */
export interface PlacementTexts {
  label: string;
  sectionTitle: string;
  tabTitle: string;
}

/** The first free fieldN name of the model. */
export function freeFieldName(model: ModelFile): string {
  for (let n = 1; ; n++) if (!(`field${n}` in model.entity.fields)) return `field${n}`;
}

/** Props of a scaffold worth writing: an empty text is "not set yet", and the panel asks for it. */
function setProps(props: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(props).filter(([, v]) => v !== ''));
}

/** The field definition a widget's scaffold suits. */
function fieldFor(manifest: WidgetManifest, label: string): FieldDef {
  const type = manifest.scaffold.fieldType ?? 'string';
  const def: FieldDef = { type, label };
  if (type === 'string') def.maxLength = 100;
  const dictCode = manifest.scaffold['x-component-props'].dictCode;
  if (typeof dictCode === 'string' && dictCode !== '') def.dict = dictCode;
  return def;
}

function insertItem(model: ModelFile, containerPath: string, index: number, item: FormFieldItem): ModelFile {
  return updateAt(model, containerPath, (old) => {
    const list = Array.isArray(old) ? [...(old as FormFieldItem[])] : [];
    list.splice(Math.max(0, Math.min(index, list.length)), 0, item);
    return list;
  });
}

/** The form as tabs: a form of sections or fields becomes its first tab, so that a new tab can follow. */
function asTabs(model: ModelFile, firstTitle: string): ModelFile {
  const form = model.form ?? {};
  if (form.tabs) return model;
  const { fields, sections, ...rest } = form;
  const first = sections ? { title: firstTitle, sections } : { title: firstTitle, fields: fields ?? [] };
  return { ...model, form: { ...rest, tabs: [first] } };
}

export interface Placement {
  model: ModelFile;
  /** the field the placement added (layout widgets add theirs inside the new section or tab) */
  field: string;
}

/**
 * Places a palette widget on the canvas: an input widget becomes a new field of the entity, placed in
 * the field list at `containerPath` at `index`; a layout widget adds a section (FormSection, FormGrid,
 * FormLayout: a two-column grid for FormGrid) or a tab (FormTab, FormTab.TabPane) holding a new text
 * field, because the format wants at least one field in each; FormItem places a plain text field.
 */
export function placeWidget(model: ModelFile, manifest: WidgetManifest, containerPath: string | null, index: number, texts: PlacementTexts): Placement {
  const field = freeFieldName(model);
  const withField = (label: string, def?: FieldDef): ModelFile => ({
    ...model,
    entity: { ...model.entity, fields: { ...model.entity.fields, [field]: def ?? { type: 'string', label, maxLength: 100 } } },
    list: model.list ? { ...model.list, columns: [...model.list.columns, field] } : { columns: [field] },
  });
  const sectionOf = (columns?: number): FormSection => ({ title: texts.sectionTitle, ...(columns ? { columns } : {}), fields: [field] });
  const containers = formContainers(model);
  const target = containerPath ?? containers[containers.length - 1]?.path ?? null;

  switch (manifest.name) {
    case 'FormSection':
    case 'FormLayout':
    case 'FormGrid': {
      const section = sectionOf(manifest.name === 'FormGrid' ? 2 : undefined);
      const next = withField(texts.label);
      // a section goes next to the section dropped on (in its tab), else at the end of the form
      const tabMatch = target?.match(/^\/form\/tabs\/(\d+)\//);
      const sectionsPath = tabMatch ? `/form/tabs/${tabMatch[1]}/sections` : '/form/sections';
      if (!tabMatch && next.form?.fields && !next.form.sections) {
        // a flat form becomes sections: its fields the first, untitled
        const { fields, ...rest } = next.form;
        return { model: { ...next, form: { ...rest, sections: [{ fields }, section] } }, field };
      }
      if (tabMatch && getAt(next, `/form/tabs/${tabMatch[1]}/fields`)) {
        return { model: updateAt(next, `/form/tabs/${tabMatch[1]}`, (tab) => ({ ...(tab as object), sections: [section] })), field };
      }
      return { model: updateAt(next, sectionsPath, (old) => [...((old as FormSection[] | undefined) ?? []), section]), field };
    }
    case 'FormTab':
    case 'FormTab.TabPane': {
      const next = asTabs(withField(texts.label), texts.tabTitle);
      return { model: updateAt(next, '/form/tabs', (old) => [...(old as object[]), { title: texts.tabTitle, sections: [sectionOf()] }]), field };
    }
    default: {
      const isPlain = manifest.name === 'FormItem';
      const next = withField(texts.label, isPlain ? undefined : fieldFor(manifest, texts.label));
      const props = setProps(manifest.scaffold['x-component-props']);
      const item: FormFieldItem = isPlain
        ? field
        : { field, 'x-component': manifest.name, ...(Object.keys(props).length > 0 ? { 'x-component-props': props } : {}) };
      if (target) return { model: insertItem(next, target, index, item), field };
      return { model: { ...next, form: { ...(next.form ?? {}), sections: [{ title: texts.sectionTitle, fields: [item] }] } }, field };
    }
  }
}
