/**
 * What configured SQL may call (checkSelect.ts). An allow-list, not a deny-list: each database ships
 * hundreds of functions, and the dangerous ones (pg_sleep, pg_read_file, lo_export, dblink,
 * query_to_xml, current_setting, set_config, load_extension, sqlite_version, randomblob…) are exactly
 * the ones a list of "bad" names forgets. These are pure functions over values the query already reads.
 */
export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  // aggregates
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'group_concat',
  'string_agg',
  // values and conditions
  'coalesce',
  'nullif',
  'ifnull',
  'iif',
  'greatest',
  'least',
  // text
  'lower',
  'upper',
  'length',
  'char_length',
  'substr',
  'substring',
  'trim',
  'ltrim',
  'rtrim',
  'replace',
  'instr',
  'position',
  'concat',
  'concat_ws',
  'left',
  'right',
  'lpad',
  'rpad',
  // numbers
  'abs',
  'round',
  'ceil',
  'ceiling',
  'floor',
  'mod',
  'sign',
  // dates
  'date',
  'datetime',
  'strftime',
  'julianday',
  'to_char',
  'to_date',
  'date_trunc',
  'date_part',
  'extract',
  'now',
  'current_date',
  'current_timestamp',
]);

/** Types a CAST may name: plain values, never a catalogue type such as regclass. */
export const ALLOWED_CAST_TYPES: ReadonlySet<string> = new Set([
  'text',
  'varchar',
  'char',
  'character',
  'character varying',
  'integer',
  'int',
  'bigint',
  'smallint',
  'numeric',
  'decimal',
  'real',
  'double',
  'double precision',
  'float',
  'boolean',
  'date',
  'time',
  'timestamp',
  'timestamptz',
]);

/**
 * Tables and columns no configured query reads, even where a model declares them: credentials and
 * sessions (security.md "credentials and secrets are not readable through it").
 */
export const CREDENTIAL_NAME = /(password|passwd|salt|secret|token|session|credential|api_?key)/i;
