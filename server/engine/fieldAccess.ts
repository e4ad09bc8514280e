import { appError } from '../errors.js';
import type { CompiledModel } from './compileModel.js';
import type { ListQuery } from './listQuery.js';
import type { FieldAccess } from './dataScope.js';

export type { FieldAccess } from './dataScope.js';

/**
 * Which of a model's fields a user's roles hide or make read-only (model system.roleField). A hidden
 * field is left out of every record the engine answers (list, get, export, write results) and may not
 * be filtered or sorted on; a read-only one is answered but never written (a create or edit that
 * carries it keeps the stored or default value). The served model carries the same sets so the
 * generic renderer leaves the column out and shows the form field read-only; the server does not
 * rely on that.
 */
export const OPEN_FIELDS: FieldAccess = { hidden: new Set(), readOnly: new Set() };

export type FieldRestriction = 'hidden' | 'readonly';

/**
 * Roles are OR-ed, like data rules: a field is hidden only when every active role of the user hides it,
 * and read-only when every role at least restricts it (and it is not hidden). A role without a
 * restriction on the field leaves it open; a user without roles is restricted by nothing here.
 */
export function combineFieldAccess(model: CompiledModel, roles: ReadonlyMap<string, FieldRestriction>[]): FieldAccess {
  if (roles.length === 0) return OPEN_FIELDS;
  const hidden = new Set<string>();
  const readOnly = new Set<string>();
  for (const [name, field] of model.fields) {
    if (field.system) continue;
    const restrictions = roles.map((role) => role.get(name));
    if (restrictions.some((r) => r === undefined)) continue;
    if (restrictions.every((r) => r === 'hidden')) hidden.add(name);
    else readOnly.add(name);
  }
  return hidden.size === 0 && readOnly.size === 0 ? OPEN_FIELDS : { hidden, readOnly };
}

/** The rows without the hidden fields and their dictionary or reference texts (a copy only when something is hidden). */
export function withoutHidden<T extends Record<string, unknown>>(rows: T[], access: FieldAccess | undefined): T[] {
  if (!access || access.hidden.size === 0) return rows;
  const shown = (name: string) => !access.hidden.has(name.endsWith('_dictText') ? name.slice(0, -'_dictText'.length) : name);
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([name]) => shown(name))) as T);
}

/** The body without the fields the user may not write (hidden or read-only): they keep their stored or default value. */
export function writableBody<T>(body: Record<string, T>, access: FieldAccess | undefined): Record<string, T> {
  if (!access || (access.hidden.size === 0 && access.readOnly.size === 0)) return body;
  return Object.fromEntries(Object.entries(body).filter(([name]) => !access.hidden.has(name) && !access.readOnly.has(name)));
}

/**
 * A filter, sort or projection on a hidden field would reveal its values row by row: refused as if the
 * field did not exist. The model's default sort is exempt (the list must still open); it orders rows,
 * it does not show which value a row holds.
 */
export function assertQueryVisible(model: CompiledModel, q: ListQuery, access: FieldAccess | undefined): void {
  if (!access || access.hidden.size === 0) return;
  const asked = [...q.filters, ...q.superQuery].map((c) => c.field.name);
  if (q.sort.field !== model.defaultSort.field) asked.push(q.sort.field.name);
  for (const field of q.projection ?? []) asked.push(field.name);
  for (const name of asked) if (access.hidden.has(name)) throw appError('CL_ERR_FIELD_UNKNOWN', { field: name.slice(0, 60) });
}
