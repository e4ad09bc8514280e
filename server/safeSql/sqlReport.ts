import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { CompiledModel } from '../engine/compileModel.js';
import { defaultSort, paramValue, searchConditions, type ReportRequest } from '../engine/reportQuery.js';
import type { Row } from '../engine/toDictText.js';
import { appError } from '../errors.js';
import { SAFE_SELECT_RESULT, safeSqlBuiltIns, type SafeSelect, type SafeSelectShape } from './runSafeSelect.js';

export interface SqlReportRead {
  rows: Row[];
  /** the count of every row the search leaves (a page only) */
  total: number | null;
  /** query.totals over every row (a page only) */
  totals: Row | null;
}

/**
 * A SQL report (query.sql, model format v9) read through the safe-SQL core: the statement runs with the
 * limits of data interfaces (one SELECT, allowed functions, tables of models the caller may list, each
 * shadowed by the caller's tenant and data scope, timeout, row cap). self_* values are checked against
 * query.params and bound; search values, the sort (an output name only), paging, the count and the totals
 * are SQL around the statement's result, so a page never brings the whole result into the server. The
 * count and the totals are cached per statement, values and caller's scope until a write to a table it reads.
 */
export async function readSqlReport(safeSelect: SafeSelect, request: FastifyRequest, report: CompiledModel, wanted: ReportRequest): Promise<SqlReportRead> {
  const query = report.model.query!;
  const text = query.sql!;
  const values: Record<string, unknown> = safeSqlBuiltIns(request);
  for (const name of Object.keys(wanted.params)) if (!query.params?.[name]) throw appError('CL_ERR_QUERY_PARAM_UNKNOWN', { name: `self_${name}` });
  for (const [name, def] of Object.entries(query.params ?? {})) {
    const value = paramValue(name, def, wanted.params[name]);
    // a parameter neither sent nor defaulted stays unbound: the statement naming it is refused
    if (value !== null) values[name] = value;
  }
  const columns = query.fields as Record<string, string>;
  const column = (output: string) => sql.ref(`${SAFE_SELECT_RESULT}.${columns[output]!}`);
  const where = searchConditions(report, wanted.search, (output) => (output in columns ? { field: report.fields.get(output)!, ref: column(output) } : null));
  const outputs = Object.keys(columns);
  const select = sql.join(outputs.map((output) => sql`${column(output)} as ${sql.id(output)}`));

  const sort = wanted.sort ?? defaultSort(report);
  if (sort && !(sort.column in columns)) throw appError('CL_ERR_SORT_UNKNOWN', { field: sort.column });
  // every output after the sort: equal sort values keep one order, so pages neither repeat nor skip rows
  const orderBy: RawBuilder<unknown>[] = [
    ...(sort ? [sql`${column(sort.column)} ${sql.raw(sort.order)}`] : []),
    ...outputs.filter((o) => o !== sort?.column).map(column),
  ];
  const run = (shape: SafeSelectShape) => safeSelect.run(request, text, values, {}, shape);
  if (!wanted.page) return { rows: (await run({ select, where, orderBy })).rows, total: null, totals: null };

  const { pageNo, pageSize } = wanted.page;
  const totals = Object.entries(query.totals ?? {});
  const [page, count, sums] = await Promise.all([
    run({ select, where, orderBy, limit: pageSize, offset: (pageNo - 1) * pageSize }),
    run({ select: sql`count(*) as total`, where, cached: true }),
    totals.length > 0
      ? run({ select: sql.join(totals.map(([output, aggregate]) => sql`${sql.raw(aggregate)}(${column(output)}) as ${sql.id(output)}`)), where, cached: true })
      : Promise.resolve(null),
  ]);
  return { rows: page.rows, total: Number(count.rows[0]?.total ?? 0), totals: sums?.rows[0] ?? null };
}
