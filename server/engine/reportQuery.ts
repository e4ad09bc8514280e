import dayjs from 'dayjs';
import { sql, type RawBuilder } from 'kysely';
import type { ModelFile, Scalar } from '../../runtime/model/types.js';
import { escapeLike } from '../db/dialects/escapeLike.js';
import { appError } from '../errors.js';
import type { CompiledField, CompiledModel } from './compileModel.js';
import { filterValue, inValues } from './conditions.js';
import { columnTypeOf } from './tableSpec.js';
import type { Row } from './toDictText.js';
import { scopeConditions, type ReadScope } from './whereSql.js';

type QueryDef = NonNullable<ModelFile['query']>;
type QueryParamDef = NonNullable<QueryDef['params']>[string];
type JoinDef = NonNullable<QueryDef['join']>[number];

/** The models a report reads: its `from` and each joined model under its alias (query.join). */
export interface ReportSources {
  from: CompiledModel;
  joins: { def: JoinDef; model: CompiledModel }[];
}

/** The tenant and data scope of the caller on each source model, by model id. */
export type ReportScopes = ReadonlyMap<string, ReadScope>;

/** A source field named by a report: `field` (of `from`) or `alias.field` (of a joined model). */
export interface SourceRef {
  field: CompiledField;
  ref: RawBuilder<unknown>;
}

export const REPORT_MAX_PAGE_SIZE = 1_000;

/** What a report request asks for, already split from its query string (every value still text). */
export interface ReportRequest {
  /** self_<name> values */
  params: Record<string, string>;
  /** search values by name: `<field>`, `<field>_begin`, `<field>_end` */
  search: Record<string, string>;
  sort: { column: string; order: 'asc' | 'desc' } | null;
  /** null: every row (export) */
  page: { pageNo: number; pageSize: number } | null;
}

/** The query names a report accepts: its search fields (a range as _begin/_end) and self_<param> for each parameter. */
export interface ReportSearch {
  name: string;
  field: string;
  mode: 'eq' | 'like' | 'ge' | 'le';
}

export function reportSearchNames(report: ModelFile): ReportSearch[] {
  return (report.list?.search ?? []).flatMap((item): ReportSearch[] => {
    if (item === 'keyword') return [];
    const field = typeof item === 'string' ? item : item.field;
    const mode = typeof item === 'string' ? 'eq' : (item.mode ?? 'eq');
    if (mode === 'range') {
      return [
        { name: `${field}_begin`, field, mode: 'ge' },
        { name: `${field}_end`, field, mode: 'le' },
      ];
    }
    return [{ name: field, field, mode }];
  });
}

function badParam(name: string, detail: string): never {
  throw appError('CL_ERR_BAD_REQUEST', { detail: `self_${name}: ${detail}` });
}

/** A parameter's value as its type, checked against its limits; its default when not sent; null when neither. */
export function paramValue(name: string, def: QueryParamDef, raw: string | undefined): Scalar | null {
  const text = raw === undefined || raw.trim() === '' ? (def.default ?? null) : raw.trim();
  if (text === null) return null;
  const value = String(text);
  if (def.type === 'string') {
    if (value.length > (def.maxLength ?? 200)) badParam(name, 'too long');
    return value;
  }
  if (def.type === 'date') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !dayjs(value, 'YYYY-MM-DD').isValid()) badParam(name, 'not a date (YYYY-MM-DD)');
    return value;
  }
  const number = Number(value);
  if (!/^-?\d+(\.\d+)?$/.test(value) || !Number.isFinite(number)) badParam(name, 'not a number');
  if (def.type === 'integer' && !Number.isInteger(number)) badParam(name, 'not a whole number');
  if ((def.minimum !== undefined && number < def.minimum) || (def.maximum !== undefined && number > def.maximum)) {
    badParam(name, `out of range ${def.minimum ?? '…'}–${def.maximum ?? '…'}`);
  }
  return number;
}

export const COMPARISON: Record<string, RawBuilder<unknown>> = {
  eq: sql.raw('='),
  ne: sql.raw('<>'),
  gt: sql.raw('>'),
  ge: sql.raw('>='),
  lt: sql.raw('<'),
  le: sql.raw('<='),
};

/** One `where` condition of the report over the source, with its value (or parameter) bound; null when its parameter is absent. */
function conditionOf(
  source: CompiledModel,
  query: QueryDef,
  condition: QueryDef['where'] extends (infer C)[] | undefined ? C : never,
  params: Record<string, string>,
  resolve: (path: string) => SourceRef,
) {
  const { field, ref } = resolve(condition.field);
  if (condition.op === 'isNull') return sql`${ref} is null`;
  if (condition.op === 'notNull') return sql`${ref} is not null`;
  let value: Scalar | Scalar[] | null | undefined = condition.value;
  if (condition.param !== undefined) value = paramValue(condition.param, query.params![condition.param]!, params[condition.param]);
  if (value === null || value === undefined) return null;
  if (condition.relative === 'daysFromToday') value = dayjs().add(Number(value), 'day').format('YYYY-MM-DD');
  if (condition.op === 'in') return sql`${ref} in (${sql.join(inValues(field, value as Scalar[]))})`;
  if (condition.op === 'like') return source.adapter.textSearch.like(ref, `%${escapeLike(String(value))}%`);
  return sql`${ref} ${COMPARISON[condition.op]!} ${filterValue(field, value as Scalar, condition.op)}`;
}

/** A joined field's column in its derived table: a name no source column has. */
const joinedColumn = (alias: string, name: string) => `__${alias}_${name}`;

/** Every field the report names of one joined alias: its derived table selects just these. */
function joinedFields(query: QueryDef, alias: string): string[] {
  const paths: string[] = [];
  for (const def of Object.values(query.fields)) paths.push(typeof def === 'string' ? def : (def.field ?? ''));
  for (const condition of query.where ?? []) paths.push(condition.field);
  paths.push(...(query.groupBy ?? []));
  for (const join of query.join ?? []) {
    paths.push(join.on.field);
    if (join.as === alias) paths.push(`${alias}.${join.on.to}`);
  }
  const prefix = `${alias}.`;
  return [...new Set(paths.filter((path) => path.startsWith(prefix)).map((path) => path.slice(prefix.length)))];
}

function resolverOf(sources: ReportSources): (path: string) => SourceRef {
  const joined = new Map(sources.joins.map((join) => [join.def.as, join.model]));
  return (path) => {
    const dot = path.indexOf('.');
    if (dot < 0) {
      const field = sources.from.fields.get(path)!;
      return { field, ref: field.ref };
    }
    const alias = path.slice(0, dot);
    const name = path.slice(dot + 1);
    return { field: joined.get(alias)!.fields.get(name)!, ref: sql.ref(`${alias}.${joinedColumn(alias, name)}`) };
  };
}

/**
 * The joins of a report, each over a derived table of the joined model that selects only the fields the
 * report names and applies that model's tenant and the caller's data scope inside it — so a left join
 * keeps the report's row but never shows what the scope hides, and no scope condition can see another
 * source's columns.
 */
function joinsSql(query: QueryDef, sources: ReportSources, scopes: ReportScopes, resolve: (path: string) => SourceRef): RawBuilder<unknown> {
  const parts = sources.joins.map(({ def, model }) => {
    const columns = joinedFields(query, def.as).map((name) => sql`${model.fields.get(name)!.ref} as ${sql.id(joinedColumn(def.as, name))}`);
    const conditions = scopeConditions(model, scopes.get(model.model.id)!);
    const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    const kind = def.type === 'inner' ? sql`inner join` : sql`left join`;
    return sql`${kind} (select ${sql.join(columns)} from ${model.table} ${where}) as ${sql.id(def.as)} on ${resolve(def.on.field).ref} = ${sql.ref(`${def.as}.${joinedColumn(def.as, def.on.to)}`)}`;
  });
  return sql.join(parts, sql` `);
}

/** The source field behind a non-aggregate output, or null for an aggregate. */
function sourceFieldOf(query: QueryDef, output: string, resolve: (path: string) => SourceRef): SourceRef | null {
  const def = query.fields[output];
  return typeof def === 'string' ? resolve(def) : null;
}

/**
 * Whether a source path names a field the caller's roles hide on its model (field access, system.roleField):
 * the report shows it as a typed null, as the model's own list leaves it out.
 */
function hiddenPaths(sources: ReportSources, scopes: ReportScopes): (path: string) => boolean {
  const joined = new Map(sources.joins.map((join) => [join.def.as, join.model]));
  return (path) => {
    const dot = path.indexOf('.');
    const model = dot < 0 ? sources.from : joined.get(path.slice(0, dot));
    const name = dot < 0 ? path : path.slice(dot + 1);
    return model !== undefined && scopes.get(model.model.id)?.scope.fields?.hidden.has(name) === true;
  };
}

function selectOf(report: CompiledModel, resolve: (path: string) => SourceRef, hidden: (path: string) => boolean): RawBuilder<unknown> {
  const query = report.model.query!;
  const value = (path: string) => {
    const { field, ref } = resolve(path);
    return hidden(path) ? sql`cast(null as ${sql.raw(report.adapter.ddl.columnType(columnTypeOf(field.def)))})` : ref;
  };
  return sql.join(
    Object.entries(query.fields).map(([out, def]) => {
      if (typeof def === 'string') return sql`${value(def)} as ${sql.id(out)}`;
      const arg = def.field === undefined ? sql.raw('*') : value(def.field);
      return sql`${sql.raw(def.aggregate)}(${arg}) as ${sql.id(out)}`;
    }),
  );
}

/**
 * The caller's search values (the report's list.search names) as conditions, each value checked against
 * its field and bound; `refOf` gives the column behind an output, or null where it cannot be searched.
 */
export function searchConditions(report: CompiledModel, search: Record<string, string>, refOf: (output: string) => SourceRef | null): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  const searchable = new Map(reportSearchNames(report.model).map((s) => [s.name, s]));
  for (const [name, raw] of Object.entries(search)) {
    const wanted = searchable.get(name);
    const found = wanted && refOf(wanted.field);
    if (!wanted || !found) throw appError('CL_ERR_QUERY_PARAM_UNKNOWN', { name });
    if (raw.trim() === '') continue;
    const value = filterValue(found.field, raw, wanted.mode);
    conditions.push(
      wanted.mode === 'like'
        ? report.adapter.textSearch.like(found.ref, `%${escapeLike(String(value))}%`)
        : sql`${found.ref} ${COMPARISON[wanted.mode]!} ${value}`,
    );
  }
  return conditions;
}

/**
 * A report (a model of screen kind `query`) as SQL over its source models: the tenant and the caller's
 * data scope of `from` and of every joined model, the report's own conditions (parameters bound, never
 * spliced), the caller's search values on non-aggregate outputs, group by, a sort on an output name
 * only, paging, and the totals over every row. Every identifier comes from the compiled models; every
 * value is a bound parameter.
 */
export function reportSql(report: CompiledModel, sources: ReportSources, request: ReportRequest, scopes: ReportScopes) {
  const query = report.model.query!;
  const source = sources.from;
  const resolve = resolverOf(sources);
  for (const name of Object.keys(request.params)) if (!query.params?.[name]) throw appError('CL_ERR_QUERY_PARAM_UNKNOWN', { name: `self_${name}` });
  const conditions: RawBuilder<unknown>[] = [...scopeConditions(source, scopes.get(source.model.id)!)];
  for (const condition of query.where ?? []) {
    const built = conditionOf(source, query, condition, request.params, resolve);
    if (built) conditions.push(built);
  }
  // a search on an output over a hidden field is not applied: its matches would tell the hidden values
  const hidden = hiddenPaths(sources, scopes);
  const searchable = new Map(reportSearchNames(report.model).map((s) => [s.name, s.field]));
  const search = Object.fromEntries(
    Object.entries(request.search).filter(([name]) => {
      const def = query.fields[searchable.get(name) ?? ''];
      return !(typeof def === 'string' && hidden(def));
    }),
  );
  conditions.push(...searchConditions(report, search, (output) => sourceFieldOf(query, output, resolve)));
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const groupRefs = (query.groupBy ?? []).map((path) => resolve(path).ref);
  const groupBy = groupRefs.length > 0 ? sql`group by ${sql.join(groupRefs)}` : sql``;

  const sort = request.sort ?? defaultSort(report);
  if (sort && !(sort.column in query.fields)) throw appError('CL_ERR_SORT_UNKNOWN', { field: sort.column });
  // a stable order under equal sort values, so pages neither repeat nor skip rows
  const tiebreak = groupRefs.length > 0 ? groupRefs : [source.id.ref];
  const order = sql`order by ${sql.join([...(sort ? [sql`${sql.id(sort.column)} ${sql.raw(sort.order)}`] : []), ...tiebreak])}`;
  const limit = request.page ? sql`limit ${request.page.pageSize} offset ${(request.page.pageNo - 1) * request.page.pageSize}` : sql``;
  const joins = sources.joins.length > 0 ? joinsSql(query, sources, scopes, resolve) : sql``;
  const base = sql`from ${source.table} ${joins} ${where} ${groupBy}`;
  const select = selectOf(report, resolve, hidden);
  const totals = Object.entries(query.totals ?? {});
  return {
    rows: sql<Row>`select ${select} ${base} ${order} ${limit}`,
    total:
      groupRefs.length > 0
        ? sql<{ total: unknown }>`select count(*) as total from (select 1 as one ${base}) as grouped`
        : sql<{ total: unknown }>`select count(*) as total ${base}`,
    totals:
      totals.length > 0
        ? sql<Row>`select ${sql.join(totals.map(([out, aggregate]) => sql`${sql.raw(aggregate)}(${sql.ref(`result.${out}`)}) as ${sql.id(out)}`))} from (select ${select} ${base}) as result`
        : null,
  };
}

export function defaultSort(report: CompiledModel): ReportRequest['sort'] {
  const declared = report.model.entity.defaultSort;
  return declared ? { column: declared.field, order: declared.order ?? 'asc' } : null;
}

/** Some drivers answer aggregates as text (bigint, numeric): numeric outputs are answered as numbers. */
export function numericOutputs(report: CompiledModel, rows: Row[]): Row[] {
  const numeric = [...report.fields.values()].filter((f) => f.def.type === 'integer' || f.def.type === 'number').map((f) => f.name);
  for (const row of rows) {
    for (const name of numeric) if (typeof row[name] === 'string') row[name] = Number(row[name]);
  }
  return rows;
}
