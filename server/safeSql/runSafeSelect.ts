import dayjs from 'dayjs';
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { holdsPermission } from '../auth/holdsPermission.js';
import { logSecurityEvent } from '../auth/securityLog.js';
import type { DbHandle } from '../db/createDb.js';
import { ReadOnlyRunError } from '../db/readOnlyRunner.js';
import type { CompiledModel } from '../engine/compileModel.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { createTableCache } from '../engine/tableCache.js';
import { historyValuesHidden } from '../engine/historyScope.js';
import { columnTypeOf } from '../engine/tableSpec.js';
import { scopeConditions } from '../engine/whereSql.js';
import { AppError, appError } from '../errors.js';
import { authOf } from '../plugins/accessPlugin.js';
import { CREDENTIAL_NAME } from './allowedSql.js';
import { checkSelect, type SqlDialect } from './checkSelect.js';

export interface SafeSelectLimits {
  timeoutMs: number;
  maxRows: number;
}

export const DEFAULT_SAFE_SELECT_LIMITS: SafeSelectLimits = { timeoutMs: 5_000, maxRows: 5_000 };

export interface SafeSelectResult {
  rows: Record<string, unknown>[];
  /** the result's column names, in the order of the first row */
  columns: string[];
  /** there were more rows than the cap; `rows` holds the first ones */
  truncated: boolean;
}

export interface SafeSelectPage {
  offset: number;
  limit: number;
  /** rows whose `column` (every column when not given) holds the text, case-insensitively */
  keyword?: { text: string; column?: string };
}

export interface SafeSelectPageResult {
  rows: Record<string, unknown>[];
  columns: string[];
  /** the matching rows, every page */
  total: number;
}

/**
 * What the caller wraps around a configured statement, in SQL (SQL reports: search, sort, paging, the count
 * and the totals). Every piece is built by the server from model names and bound values; the statement's
 * result is the derived table `cloudlab_q`.
 */
export interface SafeSelectShape {
  /** the outer select list (default `*`) */
  select?: RawBuilder<unknown>;
  where?: RawBuilder<unknown>[];
  orderBy?: RawBuilder<unknown>[];
  /** at most this many rows (never more than the row cap) */
  limit?: number;
  offset?: number;
  /**
   * A summary (a SQL report's count or totals): the result is kept per compiled statement — the text, its
   * bound values and the caller's tenant and data-scope conditions of every shadowed table — until a write
   * through the engine to any table the statement reads, or 30 s (server/engine/tableCache.ts).
   */
  cached?: boolean;
}

/** The derived table a shape reads the statement's result from. */
export const SAFE_SELECT_RESULT = 'cloudlab_q';

export interface SafeSelect {
  /**
   * Runs one configured SELECT for the caller of `request`: `values` are bound to its `:name`
   * parameters (a parameter without a value is refused). Throws an AppError naming the refusal.
   */
  run(
    request: FastifyRequest,
    text: string,
    values: Record<string, unknown>,
    limits?: Partial<SafeSelectLimits>,
    shape?: SafeSelectShape,
  ): Promise<SafeSelectResult>;
  /**
   * One page of the statement's rows, paged (and keyword-filtered) in SQL around it, with the count of all
   * matching rows: pickers page through results far larger than the row cap. A keyword column that is not
   * a column of the result is refused (CL_ERR_BAD_REQUEST), never spliced; `columns` is empty when the
   * statement has no rows at all.
   */
  page(request: FastifyRequest, text: string, values: Record<string, unknown>, page: SafeSelectPage): Promise<SafeSelectPageResult>;
  /** only checks the statement (a designer's save): the same refusals as run, without reading a row */
  check(request: FastifyRequest, text: string): Promise<{ params: string[]; tables: string[] }>;
}

// words that name a catalogue in either database, whatever table list the database reports
const CATALOGUE_WORD = /^(pg_|sqlite_|information_schema$)/;
const TABLE_NAMES_TTL_MS = 30_000;

/** Every table a configured query could name, with its model: full models only (no views or reports), no credential tables. */
export function configuredSqlTables(store: ModelStore): Map<string, CompiledModel> {
  const tables = new Map<string, CompiledModel>();
  for (const { compiled } of store.current().entries.values()) {
    const { model } = compiled;
    if (model.viewOf || model.screen?.kind === 'query' || CREDENTIAL_NAME.test(compiled.tableName)) continue;
    if (!tables.has(compiled.tableName.toLowerCase())) tables.set(compiled.tableName.toLowerCase(), compiled);
  }
  return tables;
}

/** The checks a statement can pass before anyone runs it (a designer's save): statement, functions, tables among the models'. */
export function checkConfiguredSql(store: ModelStore, dialect: SqlDialect, text: string): { params: string[]; tables: string[] } {
  const { params, tables } = checkSelect(text, dialect, new Set(configuredSqlTables(store).keys()));
  return { params, tables };
}

/** Values every configured statement may name besides its own parameters (data interfaces, SQL reports). */
export function safeSqlBuiltIns(request: FastifyRequest): Record<string, unknown> {
  const auth = authOf(request);
  return { currentUserId: auth.userId, currentUsername: auth.username, currentTenantId: auth.tenantId, today: dayjs().format('YYYY-MM-DD') };
}

/** A value as both drivers bind it. */
function bindable(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return value;
}

/** ` where <any of the columns, as text, holds the keyword>`, the keyword bound as a LIKE pattern */
function keywordFilter(columns: string[], keyword: string): RawBuilder<unknown> {
  const pattern = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const tests = columns.map((column) => sql`lower(cast(${sql.id('cloudlab_q', column)} as text)) like ${pattern} escape '\\'`);
  return sql` where ${sql.join(tests, sql` or `)}`;
}

/**
 * The safe-SQL core (data interfaces and SQL reports): configured SQL runs as the caller, never as the
 * server.
 * - checkSelect.ts parses it (node-sql-parser, in the database's grammar) and refuses anything but one
 *   SELECT over allowed functions;
 * - the tables it names must be tables of models (not views, not reports) whose list permission the caller
 *   holds, and not credential tables; every word of the text is also checked against the database's real
 *   table names and catalogue prefixes, so a table the parser overlooked is refused, not read;
 * - each table it names is shadowed by a WITH query of the same name that reads the real table (named past
 *   the WITH by its schema) with the caller's tenant and data-scope conditions, and only the model's readable
 *   columns minus credential-like ones: rows of other tenants and secret columns do not exist for the query;
 * - values are bound (`:name`), never spliced;
 * - it runs through the database's read-only runner (a read-only transaction with statement_timeout, or a
 *   read-only, query_only SQLite connection on a thread that is ended at the timeout) and stops at the row cap.
 */
export function createSafeSelect(store: ModelStore, handle: DbHandle, defaults: SafeSelectLimits = DEFAULT_SAFE_SELECT_LIMITS): SafeSelect {
  const dialect: SqlDialect = handle.dialect;
  let tableNames: { at: number; names: Promise<Set<string>> } | null = null;
  const realTables = () => {
    if (!tableNames || Date.now() - tableNames.at > TABLE_NAMES_TTL_MS) tableNames = { at: Date.now(), names: handle.readOnly.tableNames() };
    return tableNames.names;
  };

  async function refused(request: FastifyRequest, error: AppError): Promise<AppError> {
    const auth = authOf(request);
    await logSecurityEvent(handle.db, {
      event: 'identifier.refused',
      userId: auth.userId,
      username: auth.username,
      ip: request.ip,
      requestId: request.id,
      detail: `configured SQL refused: ${error.code} ${JSON.stringify(error.params)}`,
    }).catch(() => undefined);
    return error;
  }

  async function checked(request: FastifyRequest, text: string) {
    const candidates = configuredSqlTables(store);
    try {
      const statement = checkSelect(text, dialect, new Set(candidates.keys()));
      const real = await realTables();
      for (const word of statement.words) {
        if (CATALOGUE_WORD.test(word) || (real.has(word) && !statement.tables.includes(word))) throw appError('CL_ERR_SQL_TABLE_REFUSED', { table: word });
      }
      const auth = authOf(request);
      const models = statement.tables.map((table) => candidates.get(table)!);
      for (const model of models) {
        if (!(await holdsPermission(handle.db, auth, model.permission('list')))) throw appError('CL_ERR_SQL_TABLE_REFUSED', { table: model.tableName });
      }
      return { statement, models };
    } catch (error) {
      if (error instanceof AppError) throw await refused(request, error);
      throw error;
    }
  }

  /**
   * `table as (select <readable, non-credential columns> from schema.table where <tenant and scope>)`. A column
   * the caller's roles hide (field access, system.roleField) is there as a typed null: the statement still runs
   * for them, and what it reads of that field is nothing, as the list shows them nothing.
   */
  async function shadowOf(request: FastifyRequest, model: CompiledModel, schema: string): Promise<RawBuilder<unknown>> {
    const context = await store.env.contextFor(request, model);
    // the recycle bin's snapshots and the change log's changes hold their models' fields whole (historyScope.ts)
    const hidden = new Set([...(context.scope.fields?.hidden ?? []), ...historyValuesHidden(model, context.scope)]);
    const columns = model.readable
      .filter((f) => !CREDENTIAL_NAME.test(f.column))
      .map((f) =>
        hidden.has(f.name) ? sql`cast(null as ${sql.raw(model.adapter.ddl.columnType(columnTypeOf(f.def)))}) as ${sql.id(f.column)}` : sql.id(f.column),
      );
    const conditions = scopeConditions(model, context);
    const { as, rowCheck } = handle.readOnly.shadow;
    if (rowCheck) conditions.push(sql`${sql.raw(rowCheck)}(${model.id.ref}) = 1`);
    const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`1 = 1`;
    return sql`${sql.id(model.tableName)} ${sql.raw(as)} (select ${sql.join(columns)} from ${sql.id(schema, model.tableName)} where ${where})`;
  }

  /**
   * The checked statement, ready to be wrapped: `wrap(before, after)` puts the caller's text between them,
   * on lines of its own (nothing it ends with can reach the wrapper), after the WITH queries shadowing its tables.
   */
  async function prepared(request: FastifyRequest, text: string, values: Record<string, unknown>) {
    const { statement, models } = await checked(request, text);
    for (const name of statement.params) {
      if (!(name in values)) throw await refused(request, appError('CL_ERR_SQL_PARAM_MISSING', { name }));
    }
    const schema = await handle.readOnly.schema();
    const shadows = await Promise.all(models.map((model) => shadowOf(request, model, schema)));
    const body = sql.join(
      statement.pieces.map((piece) => ('text' in piece ? sql.raw(piece.text) : sql`${bindable(values[piece.param])}`)),
      sql``,
    );
    const wrap = (before: RawBuilder<unknown>, after: RawBuilder<unknown>) =>
      shadows.length > 0 ? sql`with ${sql.join(shadows)} ${before}${body}${after}` : sql`${before}${body}${after}`;
    return Object.assign(wrap, { tables: models.map((model) => model.tableName) });
  }

  const summaries = createTableCache<{ rows: Record<string, unknown>[]; truncated: boolean }>({ generations: store.env.generations, maxEntries: 1_000 });

  /**
   * A summary's result through the cache: filed under the statement's first table, with the other tables'
   * generations in the key, so a write to any of them makes the entry stale.
   */
  function cachedRun(request: FastifyRequest, wrapped: RawBuilder<unknown>, tables: readonly string[], limits: SafeSelectLimits) {
    const compiled = wrapped.compile(store.env.reader);
    const [first = '', ...others] = tables;
    const key = [compiled.sql, JSON.stringify(compiled.parameters), ...others.map((table) => `${table}@${store.env.generations.of(table)}`)].join('\u0000');
    return summaries.obtain(first, key, () => execute(request, wrapped, limits));
  }

  async function execute(request: FastifyRequest, wrapped: RawBuilder<unknown>, limits: SafeSelectLimits) {
    const compiled = wrapped.compile(store.env.reader);
    try {
      return await handle.readOnly.run({ sql: compiled.sql, parameters: compiled.parameters }, limits);
    } catch (error) {
      if (!(error instanceof ReadOnlyRunError)) throw error;
      if (error.reason === 'timeout') throw appError('CL_ERR_SQL_TIMEOUT', { seconds: Math.round(limits.timeoutMs / 100) / 10 });
      if (error.reason === 'write') throw await refused(request, appError('CL_ERR_SQL_NOT_ONE_SELECT'));
      request.log.warn({ err: error.message }, 'configured SQL failed');
      throw appError('CL_ERR_SQL_FAILED');
    }
  }

  return {
    async check(request, text) {
      const { statement } = await checked(request, text);
      return { params: statement.params, tables: statement.tables };
    },
    async run(request, text, values, limits = {}, shape = {}) {
      const { timeoutMs, maxRows } = { ...defaults, ...limits };
      const wrap = await prepared(request, text, values);
      const select = shape.select ?? sql.raw('*');
      const where = shape.where?.length ? sql` where ${sql.join(shape.where, sql` and `)}` : sql``;
      const orderBy = shape.orderBy?.length ? sql` order by ${sql.join(shape.orderBy)}` : sql``;
      const limit = Math.min(shape.limit ?? maxRows + 1, maxRows + 1);
      const offset = shape.offset ? sql` offset ${shape.offset}` : sql``;
      const after = sql`\n) as ${sql.id(SAFE_SELECT_RESULT)}${where}${orderBy} limit ${limit}${offset}`;
      const wrapped = wrap(sql`select ${select} from (\n`, after);
      const result = shape.cached
        ? await cachedRun(request, wrapped, wrap.tables, { timeoutMs, maxRows })
        : await execute(request, wrapped, { timeoutMs, maxRows });
      return { rows: result.rows, columns: result.rows[0] ? Object.keys(result.rows[0]) : [], truncated: result.truncated };
    },
    async page(request, text, values, { offset, limit, keyword }) {
      const { timeoutMs } = defaults;
      const wrap = await prepared(request, text, values);
      const probe = await execute(request, wrap(sql`select * from (\n`, sql`\n) as cloudlab_q limit 1`), { timeoutMs, maxRows: 1 });
      const columns = probe.rows[0] ? Object.keys(probe.rows[0]) : [];
      if (columns.length === 0) return { rows: [], columns, total: 0 };
      if (keyword?.column !== undefined && !columns.includes(keyword.column))
        throw appError('CL_ERR_BAD_REQUEST', { detail: 'the keyword field is not a column of this query' });
      const filter = keyword?.text ? keywordFilter(keyword.column ? [keyword.column] : columns, keyword.text) : sql``;
      const counted = await execute(request, wrap(sql`select count(*) as total from (\n`, sql`\n) as cloudlab_q${filter}`), { timeoutMs, maxRows: 1 });
      const total = Number(counted.rows[0]?.total ?? 0);
      if (total === 0 || offset >= total) return { rows: [], columns, total };
      const rows = await execute(request, wrap(sql`select * from (\n`, sql`\n) as cloudlab_q${filter} limit ${limit} offset ${offset}`), {
        timeoutMs,
        maxRows: limit,
      });
      return { rows: rows.rows, columns, total };
    },
  };
}
