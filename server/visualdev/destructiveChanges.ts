import { sql, type Kysely } from 'kysely';
import type { ModelFile } from '../../runtime/model/types.js';
import type { DbHandle } from '../db/createDb.js';
import { newId } from '../db/ids.js';
import { shortIdentifier } from '../db/identifiers.js';
import { nowText } from '../db/timestamps.js';
import { columnOf } from '../engine/columnNames.js';
import { buildTableSpec } from '../engine/tableSpec.js';
import type { FieldChanges } from './modelDiff.js';

/** A column a release would drop or retype, and how many rows hold a value in it. */
export interface ColumnAtRisk {
  field: string;
  column: string;
  reason: 'dropped' | 'retyped';
  rows: number;
}

export interface ColumnBackup {
  field: string;
  column: string;
  backupTable: string;
  rows: number;
  reason: 'dropped' | 'retyped';
}

async function columnNames(db: Kysely<unknown>, table: string): Promise<Set<string>> {
  const tables = await db.introspection.getTables();
  return new Set(tables.find((t) => t.name === table)?.columns.map((c) => c.name) ?? []);
}

/**
 * The columns of the served model that the new version drops or retypes, with their filled row counts.
 * A dropped field whose column is empty is left in place (the migration is additive); a retyped one
 * must go even when empty, so that the release can add it again with its new type.
 */
export async function columnsAtRisk(handle: DbHandle, served: ModelFile, changes: FieldChanges): Promise<ColumnAtRisk[]> {
  const db = handle.db.withoutPlugins() as unknown as Kysely<unknown>;
  const present = await columnNames(db, served.entity.table);
  const candidates = [
    ...changes.removed.map((field) => ({ field, reason: 'dropped' as const })),
    ...changes.retyped.map(({ field }) => ({ field, reason: 'retyped' as const })),
  ];
  const out: ColumnAtRisk[] = [];
  for (const { field, reason } of candidates) {
    const column = columnOf(field);
    if (!present.has(column)) continue;
    const { rows } = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.table(served.entity.table)} where ${sql.ref(column)} is not null`.execute(db);
    const filled = Number(rows[0]?.n ?? 0);
    if (filled > 0 || reason === 'retyped') out.push({ field, column, reason, rows: filled });
  }
  return out;
}

/**
 * Copies each column's filled values (with the row id) into a table of its own, records where in
 * sys_visualdev_backup, then drops the column: the indexes naming it first, and the keyword index is
 * rebuilt without it, and so is the file index (the adapter's, so they never refer to a column that is gone).
 */
export async function backUpAndDrop(handle: DbHandle, served: ModelFile, columns: ColumnAtRisk[], by: string | null): Promise<ColumnBackup[]> {
  const db = handle.db.withoutPlugins() as unknown as Kysely<unknown>;
  const spec = buildTableSpec(served);
  const table = spec.table;
  const dropped = new Set(columns.map((c) => c.column));
  const stamp = nowText().replace(/\D/g, '');
  const backups: ColumnBackup[] = [];
  await handle.adapter.textSearch.syncIndex(db, { table, columns: spec.keywordColumns.filter((c) => !dropped.has(c)) }, () => {});
  await handle.adapter.textSearch.syncFileIndex(db, { table, columns: spec.fileColumns.filter((c) => !dropped.has(c)) }, () => {});
  for (const index of spec.indexes.filter((i) => i.columns.some((c) => dropped.has(c)))) await db.schema.dropIndex(index.name).ifExists().execute();
  for (const risk of columns) {
    const backupTable = shortIdentifier(`bak_${table}_${risk.column}_${stamp}`);
    await sql`create table ${sql.table(backupTable)} as select id, ${sql.ref(risk.column)} from ${sql.table(table)} where ${sql.ref(risk.column)} is not null`.execute(
      db,
    );
    await handle.db
      .insertInto('sysVisualdevBackup')
      .values({
        id: newId(),
        modelId: served.id,
        tableName: table,
        columnName: risk.column,
        backupTable,
        rowCount: risk.rows,
        reason: risk.reason,
        createBy: by,
        createTime: nowText(),
      })
      .execute();
    await db.schema.alterTable(table).dropColumn(risk.column).execute();
    backups.push({ field: risk.field, column: risk.column, backupTable, rows: risk.rows, reason: risk.reason });
  }
  return backups;
}
