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
  const created = model.fields.get('createTime');
  if (!created) return { total, week: null };
  // stamps are 'YYYY-MM-DD HH:mm:ss' text (db/timestamps.ts): the day is their first ten characters
  const day = sql`substr(${created.ref}, 1, 10)`;
  const since = sql`${created.ref} >= ${`${days[0]} 00:00:00`}`;
  const query = sql<{
    day: string;
    n: number | string;
  }>`select ${day} as day, count(*) as n from ${model.table} ${whereSql(model, NO_FILTER, ctx, 'set', [since])} group by ${day}`;
  const rows = await env.slow.all<{ day: string; n: number | string }>(query.compile(env.reader));
  const perDay = new Map(rows.map((row) => [row.day, Number(row.n)]));
  return { total, week: days.map((d) => perDay.get(d) ?? 0) };
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
}
