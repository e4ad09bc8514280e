import type { FieldDef } from './types';

/**
 * (version 15) A field's `writeAs`: the name create and update bodies carry it under (the training form
 * posts `name` for `trainName`, spec 001 §3). The client renames on the way out, the server back on the
 * way in; reads answer every field under its own name.
 *
 * @example
 * toWriteNames({ trainName: { type: 'string', label: '培训名称', writeAs: 'name' } }, { trainName: '安全' });
 * // → { name: '安全' }
 */
export function toWriteNames(fields: Record<string, FieldDef>, values: Record<string, unknown>): Record<string, unknown> {
  const renamed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) renamed[fields[name]?.writeAs ?? name] = value;
  return renamed;
}

/**
 * The body under the fields' own names, and the first own name a body used for a field that is written
 * under another name (the body must say `name`, not `trainName`), if any.
 */
export function fromWriteNames(fields: Record<string, FieldDef>, body: Record<string, unknown>): { values: Record<string, unknown>; misnamed?: string } {
  const ownName = new Map<string, string>();
  for (const [name, field] of Object.entries(fields)) if (field.writeAs) ownName.set(field.writeAs, name);
  if (ownName.size === 0) return { values: body };
  const values: Record<string, unknown> = {};
  let misnamed: string | undefined;
  for (const [key, value] of Object.entries(body)) {
    if (fields[key]?.writeAs) misnamed ??= key;
    values[ownName.get(key) ?? key] = value;
  }
  return misnamed ? { values, misnamed } : { values };
}
