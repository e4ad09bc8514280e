import { sql, type Kysely } from 'kysely';
import type { DdlRole } from '../DbAdapter.js';
import { shortIdentifier } from '../../identifiers.js';
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
  // Counted at commit: a deferred constraint trigger per row queues the increment to the end of the
  // writing transaction, and the first one to fire there increments the counter once for the whole
  // transaction (a transaction-local setting remembers it). The counter's row lock is then the last lock
  // a writer takes, held only while it commits: a transaction that writes an identity table early no
  // longer holds the counter while it goes on to lock other rows, which made two transactions touching
  // identity rows in opposite orders deadlock (one waiting on the counter, the other on its row).
  // TRUNCATE has no row events: a statement trigger counts it at once (it locks the whole table anyway).
  async bumpOnWrite(db, table, counter) {
    const atCommit = `${counter}_bump_at_commit`;
    const now = `${counter}_bump`;
    const flag = `cloudlab.${counter}_bumped`;
    if (!(await exists(db, sql`select 1 from pg_proc where proname = ${atCommit}`))) {
      await sql`create or replace function ${sql.id(atCommit)}() returns trigger language plpgsql as $$
        begin
          if current_setting(${sql.lit(flag)}, true) is distinct from '1' then
            perform set_config(${sql.lit(flag)}, '1', true);
            update ${sql.id(counter)} set generation = generation + 1 where id = 1;
          end if;
          return null;
        end $$`.execute(db);
    }
    if (!(await exists(db, sql`select 1 from pg_proc where proname = ${now}`))) {
      await sql`create or replace function ${sql.id(now)}() returns trigger language plpgsql as $$
        begin update ${sql.id(counter)} set generation = generation + 1 where id = 1; return null; end $$`.execute(db);
    }
    // the statement trigger of earlier versions took the counter's lock at the first write
    const statementTrigger = `${table}_bumps_${counter}`;
    if (await triggerExists(db, table, statementTrigger)) await sql`drop trigger ${sql.id(statementTrigger)} on ${sql.id(table)}`.execute(db);
    const rows = shortIdentifier(`${table}_commit_bumps_${counter}`);
    if (!(await triggerExists(db, table, rows))) {
      await sql`create constraint trigger ${sql.id(rows)} after insert or update or delete on ${sql.id(table)}
        deferrable initially deferred for each row execute function ${sql.id(atCommit)}()`.execute(db);
    }
    const truncate = shortIdentifier(`${table}_truncate_bumps_${counter}`);
    if (!(await triggerExists(db, table, truncate))) {
      await sql`create trigger ${sql.id(truncate)} after truncate on ${sql.id(table)} for each statement execute function ${sql.id(now)}()`.execute(db);
    }
  },
};

function triggerExists(db: Kysely<unknown>, table: string, name: string): Promise<boolean> {
  return exists(db, sql`select 1 from pg_trigger where tgname = ${name} and tgrelid = to_regclass(${table})`);
}

async function exists(db: Kysely<unknown>, query: ReturnType<typeof sql>): Promise<boolean> {
  return (await query.execute(db)).rows.length > 0;
}
