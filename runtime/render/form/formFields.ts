import type { FieldDef, FormFieldItem, ServedModel } from '../../model/types';
import { requireFieldDef } from '../modelText';

export type FormFieldSpec = Exclude<FormFieldItem, string>;

/** One form entry with its field definition. */
export interface FormEntry {
  name: string;
  def: FieldDef;
  item: FormFieldSpec;
}

/**
 * The form's entries in order. A model without a form section gets every writable, non-secret field of
 * its entity, each with its default widget.
 */
export function formEntries(served: ServedModel): FormEntry[] {
  const items: FormFieldItem[] =
    served.model.form?.fields ??
    Object.entries(served.model.entity.fields)
      .filter(([, def]) => def.writable !== false && !def.secret)
      .map(([name]) => name);
  return items.map((raw) => {
    const item = typeof raw === 'string' ? { field: raw } : raw;
    return { name: item.field, def: requireFieldDef(served, item.field, 'form.fields'), item };
  });
}

/** Whether a value for this entry may be sent on create/update (the server refuses the others). */
export function isWritableEntry(served: ServedModel, entry: FormEntry): boolean {
  const declared = served.model.entity.fields[entry.name];
  return Boolean(declared) && declared?.writable !== false && !declared?.secret;
}
