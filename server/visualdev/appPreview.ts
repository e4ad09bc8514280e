import { formFieldItems } from '../../runtime/model/formFieldItems.js';
import type { ModelFile } from '../../runtime/model/types.js';

/** Fields a record's card shows under its title on a phone. */
const CARD_FIELDS = 3;

export interface AppPreviewField {
  field: string;
  label: string;
}

/**
 * The released screen as the app (a phone, one column) shows it: each record as a card (its first
 * list column as the title, the next three beneath), the search fields, the form's fields in reading
 * order with their type, whether required and the widget, and the sub-record tabs. Derived from the
 * model alone, so it cannot drift from the web screen.
 */
export interface AppPreview {
  modelId: string;
  fullName: string;
  card: { title: AppPreviewField | null; fields: AppPreviewField[] };
  keyword: boolean;
  search: AppPreviewField[];
  form: (AppPreviewField & { type: string; required: boolean; widget: string | null })[];
  tabs: { model: string; title: string }[];
}

export function appPreviewOf(model: ModelFile): AppPreview {
  const fields = model.entity.fields;
  const labelled = (field: string): AppPreviewField => ({ field, label: String(fields[field]?.label ?? field) });
  const columns = (model.list?.columns ?? []).map((c) => (typeof c === 'string' ? c : c.field)).filter((f) => f in fields);
  const search = (model.list?.search ?? []).map((s) => (typeof s === 'string' ? s : s.field));
  return {
    modelId: model.id,
    fullName: model.title,
    card: { title: columns[0] ? labelled(columns[0]) : null, fields: columns.slice(1, 1 + CARD_FIELDS).map(labelled) },
    keyword: search.includes('keyword'),
    search: search.filter((f) => f in fields).map(labelled),
    form: formFieldItems(model.form)
      .filter(({ name }) => name in fields)
      .map(({ item, name }) => ({
        ...labelled(name),
        type: fields[name]!.type,
        required: fields[name]!.required === true,
        widget: typeof item === 'string' ? null : (item['x-component'] ?? null),
      })),
    tabs: (model.tabs ?? []).map((tab) => ({ model: tab.model, title: String(tab.title ?? tab.model) })),
  };
}
