import type { ModelFile } from '../../runtime/model/types.js';
import { columnTypeOf } from '../engine/tableSpec.js';

/** One difference between two JSON documents, at its JSON pointer. */
export interface JsonChange {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  from?: unknown;
  to?: unknown;
}

const MAX_CHANGES = 500;

function pointer(path: string, key: string | number): string {
  return `${path}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The differences between two model files, as JSON pointers: objects are compared key by key, arrays
 * position by position (a field list reordered shows as changed positions, which is what it is).
 * Stops after MAX_CHANGES: a diff longer than that is read as "everything changed" anyway.
 */
export function diffJson(from: unknown, to: unknown, path = '', out: JsonChange[] = []): JsonChange[] {
  if (out.length >= MAX_CHANGES) return out;
  if (isObject(from) && isObject(to)) {
    for (const key of Object.keys(from)) {
      if (!(key in to)) out.push({ path: pointer(path, key), kind: 'removed', from: from[key] });
      else diffJson(from[key], to[key], pointer(path, key), out);
    }
    for (const key of Object.keys(to)) if (!(key in from)) out.push({ path: pointer(path, key), kind: 'added', to: to[key] });
    return out;
  }
  if (Array.isArray(from) && Array.isArray(to)) {
    const shared = Math.min(from.length, to.length);
    for (let i = 0; i < shared; i++) diffJson(from[i], to[i], pointer(path, i), out);
    for (let i = shared; i < from.length; i++) out.push({ path: pointer(path, i), kind: 'removed', from: from[i] });
    for (let i = shared; i < to.length; i++) out.push({ path: pointer(path, i), kind: 'added', to: to[i] });
    return out;
  }
  if (JSON.stringify(from) !== JSON.stringify(to)) out.push({ path: path || '/', kind: 'changed', from, to });
  return out;
}

/** What a new version of a model does to its table's columns: fields added, dropped, and retyped (a different column type). */
export interface FieldChanges {
  added: string[];
  removed: string[];
  retyped: { field: string; from: string; to: string }[];
}

/** The column type without its length: varchar(50) and varchar(100) hold the same values. */
function columnKind(field: Parameters<typeof columnTypeOf>[0]): string {
  return String(columnTypeOf(field) ?? field.type).replace(/\(\d+\)$/, '');
}

export function fieldChanges(before: ModelFile | undefined, after: ModelFile): FieldChanges {
  // a draft may be any JSON object: a version without fields compares as one with none
  const old = before?.entity?.fields ?? {};
  const next = after.entity?.fields ?? {};
  const changes: FieldChanges = { added: [], removed: [], retyped: [] };
  for (const [name, field] of Object.entries(next)) {
    const previous = old[name];
    if (!previous) changes.added.push(name);
    else if (columnKind(previous) !== columnKind(field)) changes.retyped.push({ field: name, from: columnKind(previous), to: columnKind(field) });
  }
  for (const name of Object.keys(old)) if (!(name in next)) changes.removed.push(name);
  return changes;
}
