import type { FormFieldItem, ModelFile } from '../../runtime/model/types';

/** One list of form fields the canvas shows as a drop zone: the form's own, a section's or a tab's. */
export interface FieldContainer {
  /** JSON pointer of the field list, e.g. /form/tabs/0/sections/1/fields */
  path: string;
  /** the section's title (or the tab's, for a tab's own field list) */
  title?: string;
  /** grid columns of the container */
  columns: number;
  /** JSON pointer of the section (undefined for a form's or a tab's plain field list) */
  sectionPath?: string;
  /** the tab it belongs to, by index */
  tab?: number;
  items: FormFieldItem[];
}

/** The field name of a form item ('name' or {field: 'name', …}). */
export function itemName(item: FormFieldItem): string {
  return typeof item === 'string' ? item : item.field;
}

/** Every field list of the form, in reading order, in whichever layout the model uses (fields, sections, tabs). */
export function formContainers(model: ModelFile): FieldContainer[] {
  const form = model.form ?? {};
  const columns = form.layout?.columns ?? 1;
  const out: FieldContainer[] = [];
  if (form.fields) out.push({ path: '/form/fields', columns, items: form.fields });
  (form.sections ?? []).forEach((section, i) =>
    out.push({
      path: `/form/sections/${i}/fields`,
      sectionPath: `/form/sections/${i}`,
      title: section.title,
      columns: section.columns ?? columns,
      items: section.fields,
    }),
  );
  (form.tabs ?? []).forEach((tab, t) => {
    if (tab.fields) out.push({ path: `/form/tabs/${t}/fields`, title: tab.title, columns, tab: t, items: tab.fields });
    (tab.sections ?? []).forEach((section, i) =>
      out.push({
        path: `/form/tabs/${t}/sections/${i}/fields`,
        sectionPath: `/form/tabs/${t}/sections/${i}`,
        title: section.title,
        columns: section.columns ?? columns,
        tab: t,
        items: section.fields,
      }),
    );
  });
  return out;
}
