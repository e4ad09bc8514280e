import type { ServedModel } from '../../model/types';
import type { FormMode } from './buildFormSchema';
import { formEntries, isWritableEntry } from './formFields';

/**
 * What create/update may send: only the model's writable form fields (never createTime, version,
 * <field>_dictText…). On edit a cleared field is sent as null so the server clears it; a field the form
 * does not display ('x-display': 'none') keeps its stored value.
 */
export function pickFormValues(served: ServedModel, values: Record<string, unknown>, mode: FormMode): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const entry of formEntries(served)) {
    if (!isWritableEntry(served, entry)) continue;
    const value = values[entry.name];
    if (value !== undefined) picked[entry.name] = value;
    else if (mode === 'edit' && entry.item['x-display'] !== 'none') picked[entry.name] = null;
  }
  return picked;
}

/** The record's values for the form's fields, to fill an edit or detail form. */
export function recordFormValues(served: ServedModel, record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(formEntries(served).map((entry) => [entry.name, record[entry.name]]));
}
