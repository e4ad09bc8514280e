import type { Kysely, TableMetadata } from 'kysely';
import type { ModelFile } from '../../runtime/model/types.js';
import type { DbHandle } from '../db/createDb.js';
import type { DbAdapter, Warn } from '../db/dialects/DbAdapter.js';
import { IDENTITY_COUNTER, IDENTITY_TABLES } from '../db/identityGeneration.js';
import type { ModuleSet } from './loadModules.js';
import { buildTableSpec, type ColumnSpec, type TableSpec } from './tableSpec.js';

export type { Warn } from '../db/dialects/DbAdapter.js';

/**
 * Creates each model's table, or brings an existing one up to the model: missing columns and
 * indexes are added; nothing is ever dropped or altered, because a column's data is worth more
 * than a tidy schema. A column whose type no longer matches the model is reported and left alone.
 * The keyword search's text index is derived data: the adapter creates or rebuilds it. The tables an
 * identity is derived from get the triggers that count their writes (db/identityGeneration.ts).
 */
export async function syncModelTables(handle: DbHandle, modules: ModuleSet, warn: Warn = (m) => console.warn(m)): Promise<void> {
  await syncTablesOf(handle, modules.models.values(), warn);
}

/** The same for one model released at run time (server/engine/store/): the other tables are not touched. */
export async function syncModelTable(handle: DbHandle, model: ModelFile, warn: Warn = (m) => console.warn(m)): Promise<void> {
  await syncTablesOf(handle, [model], warn);
}

async function syncTablesOf(handle: DbHandle, models: Iterable<ModelFile>, warn: Warn): Promise<void> {
  // names here are already snake_case; the plugin would leave them alone, but DDL has no need of it
  const db = handle.db.withoutPlugins() as unknown as Kysely<unknown>;
  const { adapter } = handle;
  const existing = new Map((await db.introspection.getTables()).map((t) => [t.name, t]));
  for (const model of models) {
    // a view's table (and its columns) belong to the model it views
    if (model.viewOf) continue;
    const spec = buildTableSpec(model);
    const table = existing.get(spec.table);
    if (table) await addMissingColumns(db, adapter, spec, table, warn);
    else await createTable(db, adapter, spec);
    for (const index of spec.indexes) {
      let builder = db.schema.createIndex(index.name).ifNotExists().on(spec.table).columns(index.columns);
      if (index.unique) builder = builder.unique();
      await builder.execute();
    }
    await adapter.textSearch.syncIndex(db, { table: spec.table, columns: spec.keywordColumns }, warn);
    await adapter.textSearch.syncFileIndex(db, { table: spec.table, columns: spec.fileColumns }, warn);
    // the identity cache's counter counts every write to the tables an identity is derived from
    if (IDENTITY_TABLES.has(spec.table)) await adapter.ddl.bumpOnWrite(db, spec.table, IDENTITY_COUNTER);
  }
}

async function createTable(db: Kysely<unknown>, adapter: DbAdapter, spec: TableSpec): Promise<void> {
  let builder = db.schema.createTable(spec.table).ifNotExists();
  for (const column of spec.columns) {
    builder = builder.addColumn(column.name, adapter.ddl.columnType(column.type) as 'text', (c) => {
      let def = c;
      if (column.primaryKey) def = def.primaryKey();
      if (column.notNull) def = def.notNull();
      if (column.defaultTo !== undefined) def = def.defaultTo(column.defaultTo);
      return def;
    });
  }
  await builder.execute();
}

async function addMissingColumns(db: Kysely<unknown>, adapter: DbAdapter, spec: TableSpec, table: TableMetadata, warn: Warn): Promise<void> {
  const present = new Map(table.columns.map((c) => [c.name, c.dataType]));
  for (const column of spec.columns) {
    const actual = present.get(column.name);
    if (actual === undefined) {
      await addColumn(db, adapter, spec, column, warn);
      continue;
    }
    const mismatch = adapter.ddl.typeMismatch(column.type, actual);
    if (mismatch) warn(`[model tables] ${spec.table}.${column.name}: ${mismatch}; the column is left as it is`);
  }
}

async function addColumn(db: Kysely<unknown>, adapter: DbAdapter, spec: TableSpec, column: ColumnSpec, warn: Warn): Promise<void> {
  if (column.notNull && column.defaultTo === undefined) {
    // a system column added to an old table with rows cannot be NOT NULL without a default
    warn(`[model tables] ${spec.table}.${column.name} added as nullable (the table predates it)`);
  }
  await db.schema
    .alterTable(spec.table)
    .addColumn(column.name, adapter.ddl.columnType(column.type) as 'text', (c) => {
      let def = c;
      if (column.defaultTo !== undefined) def = def.notNull().defaultTo(column.defaultTo);
      return def;
    })
    .execute();
}
