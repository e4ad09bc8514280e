import type { ColumnItem, FieldDef, FormFieldItem, FormSection, ModelFile } from '../../runtime/model/types';
import { formContainers, itemName } from './formContainers';
import { getAt, updateAt } from './jsonPointer';

/** Moves the form item at `from`[fromIndex] to `to`[toIndex] (pointers of field lists; the same list reorders). */
export function moveItem(model: ModelFile, from: string, fromIndex: number, to: string, toIndex: number): ModelFile {
  const source = getAt(model, from) as FormFieldItem[] | undefined;
  const item = source?.[fromIndex];
  if (item === undefined) return model;
  if (from === to) {
    return updateAt(model, from, (old) => {
      const list = [...(old as FormFieldItem[])];
      list.splice(fromIndex, 1);
      list.splice(Math.min(toIndex, list.length), 0, item);
      return list;
    });
  }
  const removed = updateAt(model, from, (old) => (old as FormFieldItem[]).filter((_, i) => i !== fromIndex));
  const placed = updateAt(removed, to, (old) => {
    const list = [...((old as FormFieldItem[] | undefined) ?? [])];
    list.splice(Math.min(toIndex, list.length), 0, item);
    return list;
  });
  return dropEmptySections(placed);
}

/** Sections left without fields go (the format wants at least one field in each); tabs without any content too. */
function dropEmptySections(model: ModelFile): ModelFile {
  const form = model.form;
  if (!form) return model;
  const keep = (sections: FormSection[] | undefined) => sections?.filter((s) => s.fields.length > 0);
  const sections = keep(form.sections);
  const tabs = form.tabs
    ?.map((tab) => ({ ...tab, ...(tab.sections ? { sections: keep(tab.sections) } : {}) }))
    .filter((tab) => (tab.sections?.length ?? 0) > 0 || (tab.fields?.length ?? 0) > 0)
    .map((tab) => (tab.sections && tab.sections.length === 0 ? (({ sections: _s, ...rest }) => rest)(tab) : tab));
  const next = { ...form };
  if (form.sections) {
    if (sections && sections.length > 0) next.sections = sections;
    else delete next.sections;
  }
  if (form.tabs) {
    if (tabs && tabs.length > 0) next.tabs = tabs;
    else delete next.tabs;
  }
  return { ...model, form: next };
}

/** Removes a field from the entity, the form, the list's columns and search, and the sub-record keys that named it. */
export function removeField(model: ModelFile, name: string): ModelFile {
  const { [name]: _gone, ...fields } = model.entity.fields;
  let next: ModelFile = { ...model, entity: { ...model.entity, fields } };
  for (const container of formContainers(next)) {
    next = updateAt(next, container.path, (old) => (old as FormFieldItem[]).filter((item) => itemName(item) !== name));
  }
  if (next.list) {
    const columnName = (c: ColumnItem) => (typeof c === 'string' ? c : c.field);
    const searchName = (s: string | { field: string }) => (typeof s === 'string' ? s : s.field);
    next = {
      ...next,
      list: { ...next.list, columns: next.list.columns.filter((c) => columnName(c) !== name), search: next.list.search?.filter((s) => searchName(s) !== name) },
    };
  }
  if (next.entity.defaultSort?.field === name) {
    const { defaultSort: _sort, ...entity } = next.entity;
    next = { ...next, entity };
  }
  return dropEmptySections(next);
}

/** Replaces a field's definition (its rules); keys set to undefined are removed. */
export function updateField(model: ModelFile, name: string, patch: Partial<FieldDef>): ModelFile {
  return updateAt(model, `/entity/fields/${name}`, (old) => withoutUndefined({ ...(old as FieldDef), ...patch }));
}

/** Changes a form item's placement options (x-component, its props, span, visibleWhen…); an item with nothing but its field collapses to the name. */
export function updateItem(model: ModelFile, pointer: string, patch: Record<string, unknown>): ModelFile {
  return updateAt(model, pointer, (old) => {
    const item = typeof old === 'string' ? { field: old } : { ...(old as Exclude<FormFieldItem, string>) };
    const next = withoutUndefined({ ...item, ...patch }) as Exclude<FormFieldItem, string>;
    return Object.keys(next).length === 1 ? next.field : next;
  });
}

export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as T;
}

/** Where the form places a field: the pointer of its item, or null when the form does not show it. */
export function placementOf(model: ModelFile, name: string): string | null {
  for (const container of formContainers(model)) {
    const index = container.items.findIndex((item) => itemName(item) === name);
    if (index >= 0) return `${container.path}/${index}`;
  }
  return null;
}
