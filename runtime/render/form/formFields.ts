import type { FormFieldItemV2, FormFieldSpecV2, FormSectionV2, FieldDefV2 } from '../../model/v2Parts';
import { v2 } from '../../model/v2Parts';
import type { ServedModel } from '../../model/types';
import { requireFieldDef } from '../modelText';

export type FormFieldSpec = FormFieldSpecV2;

/** One form entry with its field definition and where the model places it (for error messages). */
export interface FormEntry {
  name: string;
  def: FieldDefV2;
  item: FormFieldSpec;
  /** JSON path of the item in the model file, e.g. 'form.sections[1].fields[0]' */
  path: string;
}

export interface FormSectionLayout {
  title?: string;
  columns?: number;
  entries: FormEntry[];
}

/** The form's placement: flat fields (v1), titled sections, or tabs of sections. */
export type FormLayout =
  | { kind: 'fields'; entries: FormEntry[] }
  | { kind: 'sections'; sections: FormSectionLayout[] }
  | { kind: 'tabs'; tabs: { title: string; sections: FormSectionLayout[] }[] };

function toEntries(served: ServedModel, items: FormFieldItemV2[], path: string): FormEntry[] {
  return items.map((raw, index) => {
    const item = typeof raw === 'string' ? { field: raw } : raw;
    const where = `${path}[${index}]`;
    return { name: item.field, def: requireFieldDef(served, item.field, path) as FieldDefV2, item, path: where };
  });
}

function toSections(served: ServedModel, sections: FormSectionV2[], path: string): FormSectionLayout[] {
  return sections.map((section, index) => ({
    title: section.title,
    columns: section.columns,
    entries: toEntries(served, section.fields, `${path}[${index}].fields`),
  }));
}

/**
 * How the model places its form fields. A model without a form section gets every writable, non-secret
 * field of its entity, each with its default widget.
 */
export function formLayout(served: ServedModel): FormLayout {
  const form = v2(served.model).form;
  if (form?.tabs) {
    return {
      kind: 'tabs',
      tabs: form.tabs.map((tab, index) => ({
        title: tab.title,
        sections: tab.sections
          ? toSections(served, tab.sections, `form.tabs[${index}].sections`)
          : [{ entries: toEntries(served, tab.fields ?? [], `form.tabs[${index}].fields`) }],
      })),
    };
  }
  if (form?.sections) return { kind: 'sections', sections: toSections(served, form.sections, 'form.sections') };
  const items: FormFieldItemV2[] =
    form?.fields ??
    Object.entries(served.model.entity.fields)
      .filter(([, def]) => def.writable !== false && !def.secret)
      .map(([name]) => name);
  return { kind: 'fields', entries: toEntries(served, items, 'form.fields') };
}

/** Every form entry in order, whatever the layout. */
export function formEntries(served: ServedModel): FormEntry[] {
  const layout = formLayout(served);
  if (layout.kind === 'fields') return layout.entries;
  const sections = layout.kind === 'sections' ? layout.sections : layout.tabs.flatMap((tab) => tab.sections);
  return sections.flatMap((section) => section.entries);
}

/** Whether a value for this entry may be sent on create/update (the server refuses the others). */
export function isWritableEntry(served: ServedModel, entry: FormEntry): boolean {
  // a detail-only entry (version 12) is not in add or edit: sending it would clear its stored value
  if (isDetailOnly(entry)) return false;
  const declared = served.model.entity.fields[entry.name];
  return Boolean(declared) && declared?.writable !== false && !declared?.secret;
}

/** (version 12) An entry the detail view shows read-only and add and edit leave out. */
export function isDetailOnly(entry: FormEntry): boolean {
  return entry.item.detailOnly === true;
}
