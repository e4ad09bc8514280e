import { sql } from 'kysely';
import type { JsonRole } from '../DbAdapter.js';

// SQLite has no JSON column type: the value is kept as its JSON text and parsed when read.
export const sqliteJson: JsonRole = {
  toDb: (value) => (value === undefined || value === null ? null : JSON.stringify(value)),
  fromDb: (value) => (typeof value === 'string' ? JSON.parse(value) : (value ?? null)),
  // json_extract answers a string, number or null as that SQL value (an object or array as its JSON
  // text), which compares with bound values as the column's own would: no cast is needed
  member: (column, key) => sql`json_extract(${column}, ${`$."${key.replace(/["\\]/g, '')}"`})`,
};
