import { sql, type Kysely } from 'kysely';
import type { DdlRole } from '../DbAdapter.js';
import { describeMismatch, varcharLength, type TypeFamily } from '../typeFamilies.js';

// PostgreSQL's catalogue reports its internal names (int4, float8, varchar without its length).
function familyOf(type: string): TypeFamily {
  const t = type.trim().toLowerCase();
  if (/^(varchar|character varying|text|char|bpchar)/.test(t)) return 'text';
  if (/^(integer|int|int2|int4|int8|bigint|smallint)$/.test(t)) return 'integer';
  if (/^(double precision|float4|float8|real|numeric|decimal)/.test(t)) return 'number';
  if (/^jsonb?$/.test(t)) return 'json';
  return 'other';
}

export const postgresDdl: DdlRole = {
  columnType: (portable) => (portable === 'json' ? 'jsonb' : portable),
  typeMismatch: (wanted, actual) => describeMismatch({ familyOf, lengthOf: varcharLength }, postgresDdl.columnType(wanted), actual),
  // a statement trigger: one increment per statement, however many rows it writes. The row lock it
  // takes on the counter is held to commit, so concurrent writers of these tables queue there.
  async bumpOnWrite(db, table, counter) {
    const fn = `${counter}_bump`;
    if (!(await exists(db, sql`select 1 from pg_proc where proname = ${fn}`))) {
      await sql`create or replace function ${sql.id(fn)}() returns trigger language plpgsql as $$
        begin update ${sql.id(counter)} set generation = generation + 1 where id = 1; return null; end $$`.execute(db);
    }
    const name = `${table}_bumps_${counter}`;
    if (await exists(db, sql`select 1 from pg_trigger where tgname = ${name} and tgrelid = to_regclass(${table})`)) return;
    await sql`create trigger ${sql.id(name)} after insert or update or delete or truncate on ${sql.id(table)}
      for each statement execute function ${sql.id(fn)}()`.execute(db);
  },
};

async function exists(db: Kysely<unknown>, query: ReturnType<typeof sql>): Promise<boolean> {
  return (await query.execute(db)).rows.length > 0;
}
