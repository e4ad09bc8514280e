import { sql } from 'kysely';
import type { DdlRole } from '../DbAdapter.js';
import { describeMismatch, varcharLength, type TypeFamily } from '../typeFamilies.js';

// SQLite keeps each column's declared type as written, so introspection gives back our own spelling
// (varchar(n) with its length); JSON is stored as text.
function familyOf(type: string): TypeFamily {
  const t = type.trim().toLowerCase();
  if (/^(varchar|character varying|text|char)/.test(t)) return 'text';
  if (/^(integer|int|bigint|smallint)$/.test(t)) return 'integer';
  if (/^(double precision|real|float|numeric|decimal)/.test(t)) return 'number';
  return 'other';
}

export const sqliteDdl: DdlRole = {
  columnType: (portable) => (portable === 'json' ? 'text' : portable),
  typeMismatch: (wanted, actual) => describeMismatch({ familyOf, lengthOf: varcharLength }, sqliteDdl.columnType(wanted), actual),
  // one row trigger per event (SQLite has no statement triggers); each runs inside the writing statement
  async bumpOnWrite(db, table, counter) {
    for (const event of ['insert', 'update', 'delete'] as const) {
      const name = `${table}_${event}_bumps_${counter}`;
      await sql`create trigger if not exists ${sql.id(name)} after ${sql.raw(event)} on ${sql.id(table)}
        begin update ${sql.id(counter)} set generation = generation + 1 where id = 1; end`.execute(db);
    }
  },
};
