import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CompiledQuery, Kysely } from 'kysely';
import { holdsPermission } from '../auth/holdsPermission.js';
import { logSecurityEvent } from '../auth/securityLog.js';
import { toValueTexts, translateDictItems } from '../dict/dictOptions.js';
import type { CompiledModel } from '../engine/compileModel.js';
import { presentRows } from '../engine/presentRows.js';
import { numericOutputs, REPORT_MAX_PAGE_SIZE, reportSearchNames, reportSql, type ReportRequest, type ReportSources } from '../engine/reportQuery.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { createTableCache, type TableCache } from '../engine/tableCache.js';
import type { Row } from '../engine/toDictText.js';
import { attachmentHeader, neutraliseCell, sheetName, XLSX_CONTENT_TYPE } from '../engine/xlsx/cellText.js';
import { appError } from '../errors.js';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { authOf } from '../plugins/accessPlugin.js';
import { successMessage } from '../i18n/messages.js';
import { createSafeSelect } from '../safeSql/runSafeSelect.js';
import { readSqlReport } from '../safeSql/sqlReport.js';

/** an export reads at most this many rows (a report is a summary, not a table dump) */
const EXPORT_MAX_ROWS = 50_000;
/** a chart reads at most this many points of a report */
const CHART_MAX_POINTS = 1_000;
const BASE = '/online/cgreport/api';

const idParams = (name: string) => ({ type: 'object', required: [name], properties: { [name]: { type: 'string', minLength: 1, maxLength: 200 } } }) as const;
// values stay strings; names are checked against the report by reportSql (unknown ones refused)
const QUERY = { type: 'object', additionalProperties: { type: 'string', maxLength: 2_000 } } as const;

interface Report {
  report: CompiledModel;
  /** null for a SQL report (query.sql), which names its tables in its text */
  sources: ReportSources | null;
}

function integerOf(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > max) throw appError('CL_ERR_BAD_REQUEST', { detail: `${name} must be a whole number from 1 to ${max}` });
  return value;
}

/** Splits a getData / exportXls query string: self_* parameters, sorter, paging; the rest are search values. */
export function reportRequestOf(query: Record<string, string>, paged: boolean): ReportRequest {
  const params: Record<string, string> = {};
  const search: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (name.startsWith('self_')) params[name.slice(5)] = value;
    else if (!['_t', 'column', 'order', 'pageNo', 'pageSize', 'field'].includes(name)) search[name] = value;
  }
  const order = query.order ?? 'asc';
  if (order !== 'asc' && order !== 'desc') throw appError('CL_ERR_BAD_REQUEST', { detail: 'order must be asc or desc' });
  return {
    params,
    search,
    sort: query.column ? { column: query.column, order } : null,
    page: paged ? { pageNo: integerOf('pageNo', query.pageNo, 1, 1_000_000), pageSize: integerOf('pageSize', query.pageSize, 10, REPORT_MAX_PAGE_SIZE) } : null,
  };
}

/**
 * Online reports (spec 000 §7, 001 §7 "Online reports"): a report is a model of screen kind `query`
 * (docs/model-format.md "Screens"), addressed by its model id as both `code` and `cgRpConfigId`.
 * getData and exportXls run its structured query over the source model through reportSql — the
 * source's tenant and the caller's data scope, self_* parameters bound. The caller needs the report's
 * list permission (export: its export permission); an unknown report and one the caller may not read
 * answer alike.
 */
export default async function onlineReportRoutes(app: FastifyInstance, options: { store: ModelStore }): Promise<void> {
  const { db } = app.ctx.db;
  const { env } = options.store;
  const access = { access: 'authenticated' } as const;

  async function reportOf(request: FastifyRequest, id: string, action: 'list' | 'export'): Promise<Report> {
    const auth = authOf(request);
    const { entries } = options.store.current();
    const report = entries.get(id)?.compiled;
    const query = report?.model.screen?.kind === 'query' ? report.model.query : undefined;
    const source = query?.from ? entries.get(query.from)?.compiled : undefined;
    const joins = (query?.join ?? []).map((def) => ({ def, model: entries.get(def.model)?.compiled }));
    const allowed = action === 'list' || report?.model.api.operations?.export;
    const readable = query?.sql !== undefined || (source && joins.every((join) => join.model));
    if (report && readable && allowed && (await holdsPermission(db, auth, report.permission(action)))) {
      return { report, sources: source ? { from: source, joins: joins as ReportSources['joins'] } : null };
    }
    await logSecurityEvent(db, {
      event: 'identifier.refused',
      userId: auth.userId,
      username: auth.username,
      ip: request.ip,
      requestId: request.id,
      detail: `${request.routeOptions.url ?? ''}: report ${id.slice(0, 100)}`,
    });
    throw appError('CL_ERR_NOT_FOUND');
  }

  const outputsOf = (report: CompiledModel) => Object.keys(report.model.query!.fields).map((name) => report.fields.get(name)!);

  const safeSelect = createSafeSelect(options.store, app.ctx.db, app.ctx.config.configuredSql);
  const summaries = createTableCache<Row>({ generations: env.generations, maxEntries: 1_000 });

  /**
   * A count or totals row of a report, cached like the list's totals (server/engine/tableCache.ts): per
   * compiled statement — tenant, scope, parameters and search values are all in it — until a write
   * through the engine to `from` or to a joined table (their generations are part of the key), or 30 s.
   */
  function summaryOf<T>(
    cache: TableCache<T>,
    sources: ReportSources,
    statement: { compile(db: Kysely<unknown>): CompiledQuery },
    read: (row: Row | undefined) => T,
  ) {
    const compiled = statement.compile(env.reader);
    const joined = sources.joins.map((join) => `${join.model.tableName}@${env.generations.of(join.model.tableName)}`).join(',');
    const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}\u0000${joined}`;
    return cache.obtain(sources.from.tableName, key, async () => read((await env.slow.all<Row>(compiled))[0]));
  }

  /** Rows (and, for a page, the total and the totals) as the caller may see them: every source's tenant and scope. */
  async function read(request: FastifyRequest, { report, sources }: Report, wanted: ReportRequest) {
    if (!sources) {
      const { rows, total, totals } = await readSqlReport(safeSelect, request, report, wanted);
      const records = await presentRows(env, report, numericOutputs(report, rows), {
        lang: request.lang,
        tenantId: authOf(request).tenantId,
        auth: authOf(request),
      });
      return { records, total: total ?? records.length, ...(totals ? { totals: numericOutputs(report, [totals])[0]! } : {}) };
    }
    const models = [sources.from, ...sources.joins.map((join) => join.model)];
    const scopes = new Map(await Promise.all(models.map(async (model) => [model.model.id, await env.contextFor(request, model)] as const)));
    const statements = reportSql(report, sources, wanted, scopes);
    const totalsStatement = statements.totals;
    const [{ rows }, total, totals] = await Promise.all([
      statements.rows.execute(env.reader),
      wanted.page ? summaryOf(env.totals, sources, statements.total, (row) => Number(row?.total ?? 0)) : Promise.resolve(null),
      wanted.page && totalsStatement
        ? summaryOf(summaries, sources, totalsStatement, (row) => numericOutputs(report, [{ ...row }])[0]!)
        : Promise.resolve(null),
    ]);
    const records = await presentRows(env, report, numericOutputs(report, rows), scopes.get(sources.from.model.id)!);
    return { records, total: total ?? records.length, ...(totals ? { totals } : {}) };
  }

  app.get<{ Params: { code: string } }>(`${BASE}/getRpColumns/:code`, { schema: { params: idParams('code') }, config: access }, async (request) => {
    const { report } = await reportOf(request, request.params.code, 'list');
    const t = (zh: string) => env.translate(zh, request.lang, report.model.id);
    const titles = new Map((report.model.list?.columns ?? []).map((c) => (typeof c === 'string' ? [c, undefined] : [c.field, c.title])));
    const columns = outputsOf(report).map((field) => ({
      dataIndex: field.name,
      title: t(titles.get(field.name) ?? field.def.label),
      fieldType: field.def.type,
      ...(field.def.dict ? { dictCode: field.def.dict } : {}),
    }));
    const dictOptions: Record<string, unknown> = {};
    for (const field of outputsOf(report)) {
      // every item of the dictionary, never the first ten
      if (field.def.dict)
        dictOptions[field.name] = toValueTexts(translateDictItems(await app.ctx.dicts.items(field.def.dict), request.lang, app.ctx.translate));
    }
    const params = Object.entries(report.model.query!.params ?? {}).map(([name, def]) => ({
      field: `self_${name}`,
      label: t(def.label),
      type: def.type,
      default: def.default ?? null,
    }));
    return toJeecgEnvelope({ cgRpConfigId: report.model.id, cgRpConfigName: t(report.model.title), columns, dictOptions, params });
  });

  app.get<{ Params: { cgRpConfigId: string } }>(
    `${BASE}/getQueryInfo/:cgRpConfigId`,
    { schema: { params: idParams('cgRpConfigId') }, config: access },
    async (request) => {
      const { report } = await reportOf(request, request.params.cgRpConfigId, 'list');
      const seen = new Set<string>();
      const fields = reportSearchNames(report.model).filter((s) => !seen.has(s.field) && seen.add(s.field));
      return toJeecgEnvelope(
        fields.map(({ field: name, mode }) => {
          const field = report.fields.get(name)!;
          return {
            field: name,
            label: env.translate(field.def.label, request.lang, report.model.id),
            type: field.def.type,
            mode: mode === 'ge' ? 'group' : 'single',
            ...(field.def.dict ? { dictCode: field.def.dict } : {}),
          };
        }),
      );
    },
  );

  app.get<{ Params: { cgRpConfigId: string }; Querystring: Record<string, string> }>(
    `${BASE}/getData/:cgRpConfigId`,
    { schema: { params: idParams('cgRpConfigId'), querystring: QUERY }, config: access },
    async (request) => {
      const found = await reportOf(request, request.params.cgRpConfigId, 'list');
      return toJeecgEnvelope(await read(request, found, reportRequestOf(request.query, true)));
    },
  );

  app.get<{ Params: { cgRpConfigId: string }; Querystring: Record<string, string> }>(
    `${BASE}/getChartData/:cgRpConfigId`,
    { schema: { params: idParams('cgRpConfigId'), querystring: QUERY }, config: access },
    async (request) => {
      const found = await reportOf(request, request.params.cgRpConfigId, 'list');
      // the chart fetch of spec 001 §7 also sends degree and singleOptionalType: the client fits, the server only reads
      const { x, y, degree: _degree, singleOptionalType: _type, ...rest } = request.query;
      const numeric = (name: string | undefined, role: string) => {
        const field = name === undefined ? undefined : found.report.fields.get(name);
        if (!field || !(name! in found.report.model.query!.fields) || (field.def.type !== 'integer' && field.def.type !== 'number'))
          throw appError('CL_ERR_BAD_REQUEST', { detail: `${role} must name a numeric output of the report` });
        return name!;
      };
      const [xName, yName] = [numeric(x, 'x'), numeric(y, 'y')];
      const wanted = { ...reportRequestOf(rest, false), page: { pageNo: 1, pageSize: CHART_MAX_POINTS } };
      const { records } = await read(request, found, wanted);
      const points = (records as Row[]).filter((r) => typeof r[xName] === 'number' && typeof r[yName] === 'number');
      return toJeecgEnvelope({
        name: env.translate(found.report.model.title, request.lang, found.report.model.id),
        x: points.map((r) => r[xName]),
        y: points.map((r) => r[yName]),
      });
    },
  );

  app.get<{ Params: { cgRpConfigId: string }; Querystring: Record<string, string> }>(
    `${BASE}/exportXls/:cgRpConfigId`,
    { schema: { params: idParams('cgRpConfigId'), querystring: QUERY }, config: access },
    async (request, reply) => {
      const found = await reportOf(request, request.params.cgRpConfigId, 'export');
      const wanted = { ...reportRequestOf(request.query, false), page: { pageNo: 1, pageSize: EXPORT_MAX_ROWS } };
      const { records, totals } = await read(request, found, wanted);
      const title = env.translate(found.report.model.title, request.lang, found.report.model.id);
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet(sheetName(title));
      const outputs = outputsOf(found.report);
      sheet.addRow(outputs.map((f) => env.translate(f.def.label, request.lang, found.report.model.id)));
      for (const record of records as Row[]) {
        sheet.addRow(
          outputs.map((f) => {
            const value = f.def.dict ? record[`${f.name}_dictText`] : record[f.name];
            if (value === null || value === undefined) return null;
            return typeof value === 'number' ? value : neutraliseCell(String(value));
          }),
        );
      }
      if (totals) {
        // the totals row, as the report screen shows it: 合计 in the first column unless that column has a total
        const row = sheet.addRow(
          outputs.map((f, i) => (f.name in totals ? (totals[f.name] as number | null) : i === 0 ? successMessage('totalRow', request.lang) : null)),
        );
        row.font = { bold: true };
      }
      const body = Buffer.from(await workbook.xlsx.writeBuffer());
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentHeader(`${title}.xlsx`))
        .send(body);
    },
  );
}
