import type { FormDef, FormFieldItem } from './types';

/** One field placement of a form, with the JSON pointer it was written at and the grid columns around it. */
export interface PlacedFormField {
  item: FormFieldItem;
  name: string;
  /** JSON pointer inside the model file, e.g. /form/tabs/0/sections/1/fields/2 */
  path: string;
  /** grid columns of the enclosing section, else form.layout.columns, else 1 */
  columns: number;
}

/**
 * Every field placement of a form in reading order, whichever layout it uses (fields, sections, or
 * tabs of sections or fields). Readers that do not lay out (validation, texts, the list of writable
 * fields) use this instead of walking the three layouts themselves.
 *
 * @example
 * formFieldItems({ sections: [{ title: '基本', fields: ['name'] }] }); // [{ name: 'name', path: '/form/sections/0/fields/0', … }]
 */
export function formFieldItems(form: FormDef | undefined): PlacedFormField[] {
  if (!form) return [];
  const formColumns = form.layout?.columns ?? 1;
  const placed: PlacedFormField[] = [];
  const add = (items: FormFieldItem[] | undefined, at: string, columns: number) =>
    (items ?? []).forEach((item, i) => placed.push({ item, name: typeof item === 'string' ? item : item.field, path: `${at}/${i}`, columns }));
  const addSections = (sections: FormDef['sections'], at: string) =>
    (sections ?? []).forEach((section, i) => add(section.fields, `${at}/${i}/fields`, section.columns ?? formColumns));
  add(form.fields, '/form/fields', formColumns);
  addSections(form.sections, '/form/sections');
  (form.tabs ?? []).forEach((tab, i) => {
    add(tab.fields, `/form/tabs/${i}/fields`, formColumns);
    addSections(tab.sections, `/form/tabs/${i}/sections`);
  });
  return placed;
}
