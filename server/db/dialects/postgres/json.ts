import type { JsonRole } from '../DbAdapter.js';

// The text of a JSON value binds into a jsonb column as is (an untyped parameter is cast by the
// column). Binding the value itself would not do: node-postgres sends a JavaScript array as a
// PostgreSQL array. A jsonb column comes back already parsed by the driver (a JSON string as a
// JavaScript string, which must not be parsed twice).
export const postgresJson: JsonRole = {
  toDb: (value) => (value === undefined || value === null ? null : JSON.stringify(value)),
  fromDb: (value) => value ?? null,
};
