import { sql } from 'kysely';
import type { JsonRole } from '../DbAdapter.js';
import { postgresDdl } from './ddl.js';

// the portable types a member may be read as (tableSpec.ts); anything else is a programming error
const PORTABLE = /^(varchar\(\d{1,5}\)|text|integer|bigint|double precision)$/;

// The text of a JSON value binds into a jsonb column as is (an untyped parameter is cast by the
// column). Binding the value itself would not do: node-postgres sends a JavaScript array as a
// PostgreSQL array. A jsonb column comes back already parsed by the driver (a JSON string as a
// JavaScript string, which must not be parsed twice).
export const postgresJson: JsonRole = {
  toDb: (value) => (value === undefined || value === null ? null : JSON.stringify(value)),
  fromDb: (value) => value ?? null,
  member: (column, key, portable) => {
    if (portable === 'json') return sql`jsonb_extract_path(${column}, ${key}::text)`;
    if (!PORTABLE.test(portable)) throw new Error(`no JSON member of type ${portable}`);
    return sql`cast(jsonb_extract_path_text(${column}, ${key}::text) as ${sql.raw(postgresDdl.columnType(portable))})`;
  },
};
