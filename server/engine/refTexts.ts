import { sql, type Kysely } from 'kysely';
import type { CompiledField, CompiledModel } from './compileModel.js';
import type { Row } from './toDictText.js';

/** Finds the compiled model a `ref` names, as the model store serves it now. */
export type ModelOf = (id: string) => CompiledModel | undefined;

/** Which tenant's records a reference may name when its target is tenant-scoped, and which of a target's fields the reader's roles hide. */
export interface RefReader {
  db: Kysely<unknown>;
  tenantId: number;
  modelOf: ModelOf;
  /** the fields of `target` the reader's roles hide (field access, system.roleField) */
  hiddenOn(target: CompiledModel): Promise<ReadonlySet<string> | undefined>;
}

// a database's limit on bound parameters is far above this; a batch of ids past it is read in parts
export const IDS_PER_QUERY = 500;

/** The ids a reference value holds: one id, or (multiple) comma-joined ids or a list of them. */
export function idsOf(value: unknown, multiple: boolean): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.map(String).filter((id) => id !== '');
  const text = String(value);
  return multiple
    ? text
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== '')
    : [text];
}

/** An id as the target's key column takes it; an integer key never matches text that is not one. */
export function keyValue(target: CompiledModel, id: string): string | number | null {
  if (target.id.def.type !== 'integer') return id;
  return /^[1-9]\d{0,15}$/.test(id) ? Number(id) : null;
}

async function labelsOf(reader: RefReader, target: CompiledModel, label: CompiledField, ids: string[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  const keys = [...new Set(ids)].map((id) => keyValue(target, id)).filter((key): key is string | number => key !== null);
  for (let start = 0; start < keys.length; start += IDS_PER_QUERY) {
    const part = keys.slice(start, start + IDS_PER_QUERY);
    const conditions = [sql`${target.id.ref} in (${sql.join(part)})`];
    // a reference never shows another tenant's record, whatever id the row holds
    if (target.tenant) conditions.push(sql`${target.tenant.ref} = ${reader.tenantId}`);
    const query = sql<{ id: unknown; label: unknown }>`select ${target.id.ref} as ${sql.id('id')}, ${label.ref} as ${sql.id('label')}
      from ${target.table} where ${sql.join(conditions, sql` and `)}`;
    const { rows } = await query.execute(reader.db);
    for (const row of rows) labels.set(String(row.id), row.label === null || row.label === undefined ? '' : String(row.label));
  }
  return labels;
}

/**
 * Adds <field>_dictText to rows for every reference field with a `refLabel` they carry: the label of
 * the record each id names (comma-joined for a multiple reference), read with one query per field for
 * the whole batch of rows. An id with no record in the caller's tenant shows as the id itself, as an
 * unknown dictionary code does; so does every id when the caller's roles hide the label's field on the
 * referenced model (the label is that field's value: it is not read). A record outside the caller's
 * data scope on the referenced model still shows its label (docs/api.md, Records).
 */
export async function addRefTexts<T extends Row>(reader: RefReader, rows: T[], fields: CompiledField[]): Promise<T[]> {
  const present = rows.length === 0 ? [] : fields.filter((f) => f.name in rows[0]!);
  for (const field of present) {
    const target = reader.modelOf(field.def.ref!);
    const label = target?.fields.get(field.def.refLabel!);
    if (!target || !label?.readable) continue;
    const multiple = field.def.multiple === true;
    const ids = rows.flatMap((row) => idsOf(row[field.name], multiple));
    const shown = ids.length > 0 && !(await reader.hiddenOn(target))?.has(label.name);
    const labels = shown ? await labelsOf(reader, target, label, ids) : new Map<string, string>();
    const key = `${field.name}_dictText`;
    for (const row of rows)
      (row as Row)[key] = idsOf(row[field.name], multiple)
        .map((id) => labels.get(id) ?? id)
        .join(',');
  }
  return rows;
}
