import type { JsonRole } from '../DbAdapter.js';

// SQLite has no JSON column type: the value is kept as its JSON text and parsed when read.
export const sqliteJson: JsonRole = {
  toDb: (value) => (value === undefined || value === null ? null : JSON.stringify(value)),
  fromDb: (value) => (typeof value === 'string' ? JSON.parse(value) : (value ?? null)),
};
