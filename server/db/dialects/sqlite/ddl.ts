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
};
