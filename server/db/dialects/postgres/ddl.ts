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
};
