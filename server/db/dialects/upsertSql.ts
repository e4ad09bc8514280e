import { sql, type RawBuilder } from 'kysely';

// `INSERT … ON CONFLICT (…) DO NOTHING | DO UPDATE SET c = excluded.c` is spelled the same by both of
// our databases (SQLite since 3.24); the role files say so, and a dialect that spells it otherwise
// (MySQL's ON DUPLICATE KEY) gets its own builders.

function valuesSql(rows: Record<string, unknown>[]): { columns: string[]; values: RawBuilder<unknown> } {
  const columns = Object.keys(rows[0] ?? {});
  const tuples = rows.map((row) => sql`(${sql.join(columns.map((c) => row[c]))})`);
  return { columns, values: sql.join(tuples) };
}

export function insertOnConflictDoNothing(table: string, rows: Record<string, unknown>[], conflict: string[]): RawBuilder<unknown> {
  if (rows.length === 0) throw new Error('insertIgnoring needs at least one row');
  const { columns, values } = valuesSql(rows);
  return sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${values}
    on conflict (${sql.join(conflict.map((c) => sql.ref(c)))}) do nothing`;
}

export function insertOnConflictDoUpdate(table: string, row: Record<string, unknown>, conflict: string[], update: string[]): RawBuilder<unknown> {
  if (update.length === 0) return insertOnConflictDoNothing(table, [row], conflict);
  const { columns, values } = valuesSql([row]);
  const target = sql.join(conflict.map((c) => sql.ref(c)));
  const sets = sql.join(update.map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`));
  return sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${values}
    on conflict (${target}) do update set ${sets}`;
}
