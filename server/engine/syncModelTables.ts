import type { Kysely, TableMetadata } from 'kysely';
import type { DbHandle } from '../db/createDb.js';
import type { ModuleSet } from './loadModules.js';
import { buildTableSpec, type ColumnSpec, type TableSpec } from './tableSpec.js';

export type Warn = (message: string) => void;

/**
 * Creates each model's table, or brings an existing one up to the model: missing columns and
 * indexes are added; nothing is ever dropped or altered, because a column's data is worth more
 * than a tidy schema. A column whose type no longer matches the model is reported and left alone.
 */
export async function syncModelTables(handle: DbHandle, modules: ModuleSet, warn: Warn = (m) => console.warn(m)): Promise<void> {
  // names here are already snake_case; the plugin would leave them alone, but DDL has no need of it
  const db = handle.db.withoutPlugins() as unknown as Kysely<unknown>;
  const existing = new Map((await db.introspection.getTables()).map((t) => [t.name, t]));
  for (const model of modules.models.values()) {
    const spec = buildTableSpec(model);
    const table = existing.get(spec.table);
    if (table) await addMissingColumns(db, spec, table, warn);
    else await createTable(db, spec);
    for (const index of spec.indexes) {
      let builder = db.schema.createIndex(index.name).ifNotExists().on(spec.table).columns(index.columns);
      if (index.unique) builder = builder.unique();
      await builder.execute();
    }
  }
}

async function createTable(db: Kysely<unknown>, spec: TableSpec): Promise<void> {
  let builder = db.schema.createTable(spec.table).ifNotExists();
  for (const column of spec.columns) {
    builder = builder.addColumn(column.name, column.type as 'text', (c) => {
      let def = c;
      if (column.primaryKey) def = def.primaryKey();
      if (column.notNull) def = def.notNull();
      if (column.defaultTo !== undefined) def = def.defaultTo(column.defaultTo);
      return def;
    });
  }
  await builder.execute();
}

async function addMissingColumns(db: Kysely<unknown>, spec: TableSpec, table: TableMetadata, warn: Warn): Promise<void> {
  const present = new Map(table.columns.map((c) => [c.name, c.dataType]));
  for (const column of spec.columns) {
    const actual = present.get(column.name);
    if (actual === undefined) {
      await addColumn(db, spec, column, warn);
      continue;
    }
    const mismatch = typeMismatch(column.type, actual);
    if (mismatch) warn(`[model tables] ${spec.table}.${column.name}: ${mismatch}; the column is left as it is`);
  }
}

async function addColumn(db: Kysely<unknown>, spec: TableSpec, column: ColumnSpec, warn: Warn): Promise<void> {
  if (column.notNull && column.defaultTo === undefined) {
    // a system column added to an old table with rows cannot be NOT NULL without a default
    warn(`[model tables] ${spec.table}.${column.name} added as nullable (the table predates it)`);
  }
  await db.schema
    .alterTable(spec.table)
    .addColumn(column.name, column.type as 'text', (c) => {
      let def = c;
      if (column.defaultTo !== undefined) def = def.notNull().defaultTo(column.defaultTo);
      return def;
    })
    .execute();
}

type TypeFamily = 'text' | 'integer' | 'number' | 'other';

function familyOf(type: string): TypeFamily {
  const t = type.toLowerCase();
  if (/^(varchar|character varying|text|char|bpchar)/.test(t)) return 'text';
  if (/^(integer|int|int2|int4|int8|bigint|smallint)$/.test(t)) return 'integer';
  if (/^(double precision|float4|float8|real|numeric|decimal)/.test(t)) return 'number';
  return 'other';
}

function varcharLength(type: string): number | null {
  const match = /^varchar\((\d+)\)$/i.exec(type.trim());
  return match ? Number(match[1]) : null;
}

/** A description of how the existing column differs from what the model asks for, or null. */
export function typeMismatch(expected: string, actual: string): string | null {
  const want = familyOf(expected);
  const have = familyOf(actual);
  if (want !== have) return `model wants ${expected}, the table has ${actual}`;
  // SQLite keeps the declared type text; PostgreSQL's introspection reports varchar without a length
  const wantLength = varcharLength(expected);
  const haveLength = varcharLength(actual);
  if (wantLength !== null && haveLength !== null && haveLength < wantLength) return `model wants ${expected}, the table has ${actual}`;
  return null;
}
