import { createRequire } from 'node:module';
import { appError } from '../errors.js';
import { joinPieces, scanSql, type SqlPiece } from './scanSql.js';
import { ALLOWED_CAST_TYPES, ALLOWED_FUNCTIONS } from './allowedSql.js';

/** The SQL grammars node-sql-parser knows, by the database the statement will run on. */
export type SqlDialect = 'sqlite' | 'postgres';
const PARSER_DATABASE: Record<SqlDialect, string> = { sqlite: 'Sqlite', postgres: 'Postgresql' };
// one grammar per database, each loaded on the first statement it checks (node-sql-parser's whole build holds twenty)
const PARSER_BUILD: Record<SqlDialect, string> = { sqlite: 'node-sql-parser/build/sqlite.js', postgres: 'node-sql-parser/build/postgresql.js' };

interface SqlParser {
  parse(sql: string, options: { database: string }): { ast: unknown; tableList: string[] };
}

const require = createRequire(import.meta.url);
const parsers = new Map<SqlDialect, SqlParser>();
function parserFor(dialect: SqlDialect): SqlParser {
  let parser = parsers.get(dialect);
  if (!parser) {
    const build = require(PARSER_BUILD[dialect]) as { Parser: new () => SqlParser };
    parser = new build.Parser();
    parsers.set(dialect, parser);
  }
  return parser;
}

export interface CheckedSelect {
  /** the statement without comments, split around its `:name` parameters */
  pieces: SqlPiece[];
  /** parameter names, in order of first appearance */
  params: string[];
  /** the tables it reads (lower case), without the names of its own WITH queries */
  tables: string[];
  /** every word and quoted identifier outside string literals (lower case): the runner's last check against real table names */
  words: string[];
}

// statement kinds that write, or change the session or the schema, wherever they hide (a CTE, a subquery)
const WRITE_KINDS = new Set([
  'insert',
  'update',
  'delete',
  'replace',
  'create',
  'drop',
  'alter',
  'truncate',
  'rename',
  'grant',
  'revoke',
  'attach',
  'detach',
  'pragma',
  'vacuum',
  'analyze',
  'set',
  'lock',
  'copy',
  'call',
  'exec',
  'execute',
  'transaction',
  'load',
  'reindex',
  'use',
]);

const FORBIDDEN_TEXT: { pattern: RegExp; code: 'CL_ERR_SQL_NOT_ONE_SELECT' | 'CL_ERR_SQL_SYNTAX' }[] = [
  // a recursive query is the way to make SQLite loop without end, and no configured list needs one
  { pattern: /\bwith\s+recursive\b/i, code: 'CL_ERR_SQL_SYNTAX' },
  // row locks are writes in disguise
  { pattern: /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i, code: 'CL_ERR_SQL_NOT_ONE_SELECT' },
  { pattern: /\binto\b/i, code: 'CL_ERR_SQL_NOT_ONE_SELECT' },
];

/** The text outside string literals (what keyword and word checks may look at). */
function codeText(pieces: SqlPiece[]): string {
  return joinPieces(pieces).replace(/'(?:[^']|'')*'/g, "''");
}

/** Words and quoted identifiers of the code text, lower case. */
function wordsOf(code: string): string[] {
  const words = new Set<string>();
  for (const match of code.matchAll(/"((?:[^"]|"")+)"|`([^`]+)`|([A-Za-z_][A-Za-z0-9_$]*)/g)) {
    words.add((match[1] ?? match[2] ?? match[3] ?? '').replace(/""/g, '"').toLowerCase());
  }
  return [...words];
}

function nameOf(node: Record<string, unknown>): string {
  const name = node.name as unknown;
  if (typeof name === 'string') return name;
  if (name && typeof name === 'object') {
    const parts = (name as { name?: unknown }).name;
    if (Array.isArray(parts)) return parts.map((p) => String((p as { value?: unknown }).value ?? '')).join('.');
    const value = (name as { value?: unknown }).value;
    if (typeof value === 'string') return value;
  }
  return '';
}

interface Walked {
  functions: Set<string>;
  castTypes: Set<string>;
  params: Set<string>;
  tables: Set<string>;
  cteNames: Set<string>;
  writes: Set<string>;
}

/** Visits every node of the tree: what a checker by keys alone would miss (a function in an ORDER BY, a write in a CTE). */
function walk(node: unknown, found: Walked): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, found);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  const type = typeof record.type === 'string' ? record.type.toLowerCase() : '';
  if (WRITE_KINDS.has(type)) found.writes.add(type);
  if (type === 'function' || type === 'aggr_func') found.functions.add(nameOf(record).toLowerCase());
  if (type === 'param' && typeof record.value === 'string') found.params.add(record.value);
  if (typeof record.dataType === 'string') found.castTypes.add(record.dataType.toLowerCase());
  if (type !== 'column_ref' && typeof record.table === 'string' && ('db' in record || 'as' in record)) {
    if (record.db) found.tables.add(`${String(record.db as string)}.${record.table}`.toLowerCase());
    else found.tables.add(record.table.toLowerCase());
  }
  if (type === 'select' && record.into && typeof record.into === 'object' && (record.into as { position?: unknown }).position) found.writes.add('into');
  if (Array.isArray(record.with)) {
    for (const cte of record.with as Record<string, unknown>[]) {
      const name = cte.name as { value?: unknown } | string | undefined;
      const text = typeof name === 'string' ? name : name?.value;
      if (typeof text === 'string') found.cteNames.add(text.toLowerCase());
    }
  }
  for (const [key, value] of Object.entries(record)) {
    if (key !== 'loc') walk(value, found);
  }
}

/**
 * Checks configured SQL for the read-only runner (runSafeSelect.ts): exactly one SELECT (WITH allowed),
 * parsed by node-sql-parser in the grammar of the database it will run on; no statement that writes or
 * changes anything anywhere in it; only the functions and cast types of allowedSql.ts (no pg_sleep,
 * pg_read_file, load_extension, query_to_xml…); tables unqualified by a schema and within `allowedTables`
 * (its own WITH names may not hide a table). Anything the parser cannot read is refused: a configured
 * query is refused rather than guessed at.
 */
export function checkSelect(text: string, dialect: SqlDialect, allowedTables: ReadonlySet<string>): CheckedSelect {
  if (text.length > 20_000) throw appError('CL_ERR_SQL_SYNTAX', { detail: 'too long' });
  const { pieces, params } = scanSql(text);
  if (pieces.length === 0) throw appError('CL_ERR_SQL_NOT_ONE_SELECT');
  const code = codeText(pieces);
  for (const { pattern, code: error } of FORBIDDEN_TEXT) if (pattern.test(code)) throw appError(error, { detail: pattern.source });
  let parsed: { ast: unknown; tableList: string[] };
  try {
    parsed = parserFor(dialect).parse(joinPieces(pieces), { database: PARSER_DATABASE[dialect] });
  } catch {
    throw appError('CL_ERR_SQL_SYNTAX', { detail: 'parse' });
  }
  const statements = Array.isArray(parsed.ast) ? parsed.ast : [parsed.ast];
  if (statements.length !== 1 || (statements[0] as { type?: string } | null)?.type !== 'select') throw appError('CL_ERR_SQL_NOT_ONE_SELECT');
  const found: Walked = { functions: new Set(), castTypes: new Set(), params: new Set(), tables: new Set(), cteNames: new Set(), writes: new Set() };
  walk(statements[0], found);
  if (found.writes.size > 0) throw appError('CL_ERR_SQL_NOT_ONE_SELECT');
  for (const entry of parsed.tableList) {
    const [action, db, table] = entry.split('::');
    if (action !== 'select') throw appError('CL_ERR_SQL_NOT_ONE_SELECT');
    found.tables.add((db && db !== 'null' ? `${db}.${table}` : table!).toLowerCase());
  }
  // the parser and the scanner must agree on the parameters, or one of them misread the text
  if (found.params.size !== params.length || params.some((p) => !found.params.has(p))) throw appError('CL_ERR_SQL_SYNTAX', { detail: 'parameters' });
  for (const name of found.functions) if (!ALLOWED_FUNCTIONS.has(name)) throw appError('CL_ERR_SQL_FUNCTION_REFUSED', { name });
  for (const type of found.castTypes) if (!ALLOWED_CAST_TYPES.has(type.replace(/\s*\(.*$/, ''))) throw appError('CL_ERR_SQL_FUNCTION_REFUSED', { name: type });
  for (const cte of found.cteNames) if (allowedTables.has(cte)) throw appError('CL_ERR_SQL_TABLE_REFUSED', { table: cte });
  const tables = [...found.tables].filter((table) => !found.cteNames.has(table));
  for (const table of tables) if (!allowedTables.has(table)) throw appError('CL_ERR_SQL_TABLE_REFUSED', { table });
  return { pieces, params, tables, words: wordsOf(code) };
}
