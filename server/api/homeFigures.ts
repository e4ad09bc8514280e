import dayjs from 'dayjs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { isEnabledRow } from '../auth/menuTree.js';
import { grantedPermissionIds, loadPermissionRows, type Grantee } from '../auth/userPermissions.js';
import type { Database } from '../db/schema.js';
import { DATE_FORMAT } from '../db/timestamps.js';
import type { CompiledModel } from '../engine/compileModel.js';
import type { EngineEnv } from '../engine/engineEnv.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { filterKey, whereSql, type WhereParts } from '../engine/whereSql.js';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { authOf } from '../plugins/accessPlugin.js';

const noQuery = { type: 'object', properties: { _t: { type: 'string', maxLength: 20 } }, additionalProperties: false } as const;
const WEEK_DAYS = 7;
/** at most this many models' series on the monthly chart (the busiest ones) */
const MONTHLY_SERIES = 6;
// the chart fetch (spec 001 §7) also sends degree and singleOptionalType, which a count has no use for
const monthlyQuery = {
  type: 'object',
  properties: {
    months: { type: 'integer', minimum: 1, maximum: 24, default: 12 },
    /** model ids, comma-separated: these models' series, in this order (zero months included) */
    models: { type: 'string', maxLength: 1_000 },
    degree: { type: 'integer' },
    singleOptionalType: { type: 'string', maxLength: 50 },
    _t: { type: 'string', maxLength: 20 },
  },
  additionalProperties: false,
} as const;
const NO_FILTER: WhereParts = { filters: [], keyword: null, superQuery: [], matchType: 'and' };

interface ModuleFigure {
  modelId: string;
  title: string;
  total: number;
  week: number[] | null;
}

/** The last `n` days, oldest first, as record stamps spell a day (server time). */
function lastDays(n: number): string[] {
  const first = dayjs()
    .startOf('day')
    .subtract(n - 1, 'day');
  return Array.from({ length: n }, (_, i) => first.add(i, 'day').format(DATE_FORMAT));
}

/** The last `n` months, oldest first ('YYYY-MM', server time). */
function lastMonths(n: number): string[] {
  const first = dayjs()
    .startOf('month')
    .subtract(n - 1, 'month');
  return Array.from({ length: n }, (_, i) => first.add(i, 'month').format('YYYY-MM'));
}

/** The permission codes a user holds through enabled roles, on enabled rows (as the button answers count them). */
async function heldPermissionCodes(db: Kysely<Database>, grantee: Grantee): Promise<Set<string>> {
  const [rows, granted] = await Promise.all([loadPermissionRows(db), grantedPermissionIds(db, grantee)]);
  return new Set(rows.flatMap((row) => (granted.has(row.id) && isEnabledRow(row) && row.perms ? [row.perms] : [])));
}

/** Records the caller may see: the same count (tenant and data scope, no filter) and cache the list's total uses. */
async function visibleFigures(
  env: EngineEnv,
  model: CompiledModel,
  request: FastifyRequest,
  days: readonly string[],
): Promise<{ total: number; week: number[] | null }> {
  const ctx = await env.contextFor(request, model);
  const total = await env.totals.obtain(model.tableName, filterKey(NO_FILTER, ctx), async () => {
    const query = sql<{ total: number | string }>`select count(*) as total from ${model.table} ${whereSql(model, NO_FILTER, ctx, 'set')}`;
    const [row] = await env.slow.all<{ total: number | string }>(query.compile(env.reader));
    return Number(row?.total ?? 0);
  });
  const perDay = await createdPer(env, model, ctx, 'day', `${days[0]} 00:00:00`);
  return { total, week: perDay ? days.map((d) => perDay.get(d) ?? 0) : null };
}

/**
 * Records the caller may see (tenant and data scope) created since `since`, counted per day or month
 * ('YYYY-MM-DD' / 'YYYY-MM'); null for a model that keeps no creation time.
 */
async function createdPer(
  env: EngineEnv,
  model: CompiledModel,
  ctx: Awaited<ReturnType<EngineEnv['contextFor']>>,
  period: 'day' | 'month',
  since: string,
): Promise<Map<string, number> | null> {
  const created = model.fields.get('createTime');
  if (!created) return null;
  // stamps are 'YYYY-MM-DD HH:mm:ss' text (db/timestamps.ts): the day is their first ten characters, the month seven
  const key = sql`substr(${created.ref}, 1, ${sql.lit(period === 'day' ? 10 : 7)})`;
  const from = sql`${created.ref} >= ${since}`;
  const query = sql<{
    period: string;
    n: number | string;
  }>`select ${key} as period, count(*) as n from ${model.table} ${whereSql(model, NO_FILTER, ctx, 'set', [from])} group by ${key}`;
  const rows = await env.slow.all<{ period: string; n: number | string }>(query.compile(env.reader));
  return new Map(rows.map((row) => [row.period, Number(row.n)]));
}

/**
 * GET /sys/home/figures: what the home page (/dashboard/analysis) draws — for every model whose list the
 * caller may open, the records they may see and those created on each of the last seven days. Models the
 * caller holds no list permission for are left out entirely (their names are not revealed either).
 */
export default async function homeFiguresRoutes(app: FastifyInstance, options: { store: ModelStore }): Promise<void> {
  const { store } = options;
  const { db } = app.ctx.db;

  app.get('/sys/home/figures', { schema: { querystring: noQuery }, config: { access: 'authenticated' } }, async (request) => {
    const auth = authOf(request);
    const held = await heldPermissionCodes(db, auth);
    const days = lastDays(WEEK_DAYS);
    const listable = [...store.current().entries.values()].filter((entry) => held.has(entry.compiled.permission('list')));
    const modules: ModuleFigure[] = [];
    for (const entry of listable) {
      const { total, week } = await visibleFigures(store.env, entry.compiled, request, days);
      modules.push({ modelId: entry.model.id, title: app.ctx.translate(entry.model.title, request.lang, entry.model.id), total, week });
    }
    return toJeecgEnvelope({ days, modules });
  });

  /**
   * GET /sys/home/monthly?months=12&models=a,b: the home page's monthly chart, as a chart fetch answers (a
   * list of series {name, x, y}, spec 001 §3): records created in each of the last `months` months, per
   * model whose list the caller may open, in the caller's tenant and data scope — the named models in their
   * order, or else the busiest six with any. A named model that is unknown or not listable is left out
   * alike.
   */
  app.get<{ Querystring: { months: number; models?: string } }>(
    '/sys/home/monthly',
    { schema: { querystring: monthlyQuery }, config: { access: 'authenticated' } },
    async (request) => {
      const held = await heldPermissionCodes(db, authOf(request));
      const months = lastMonths(request.query.months);
      const { entries } = store.current();
      const named = request.query.models?.split(',').filter((id) => id !== '');
      const chosen = named ? [...new Set(named)].flatMap((id) => entries.get(id) ?? []) : [...entries.values()];
      const series: { name: string; x: string[]; y: number[]; sum: number }[] = [];
      for (const entry of chosen) {
        if (!held.has(entry.compiled.permission('list'))) continue;
        const ctx = await store.env.contextFor(request, entry.compiled);
        const perMonth = await createdPer(store.env, entry.compiled, ctx, 'month', `${months[0]}-01 00:00:00`);
        const y = months.map((m) => perMonth?.get(m) ?? 0);
        const sum = y.reduce((a, b) => a + b, 0);
        if (named || sum > 0) series.push({ name: app.ctx.translate(entry.model.title, request.lang, entry.model.id), x: months, y, sum });
      }
      if (!named) series.sort((a, b) => b.sum - a.sum);
      return toJeecgEnvelope(series.slice(0, named ? undefined : MONTHLY_SERIES).map(({ name, x, y }) => ({ name, x, y })));
    },
  );
}
