import { sql, type RawBuilder } from 'kysely';
import type { LookupDef, Scalar } from '../../runtime/model/types.js';
import { appError } from '../errors.js';
import type { CompiledModel } from './compileModel.js';
import type { EngineContext } from './context.js';
import type { EngineEnv } from './engineEnv.js';
import { filterValue } from './conditions.js';
import type { ListQuery } from './listQuery.js';
import { decodeStructured, presentRows } from './presentRows.js';
import type { Row } from './toDictText.js';
import {
  afterAnchorSql,
  anchorFor,
  anchorsOf,
  anchorsSql,
  anchorTierFor,
  leadingRangeSql,
  strideFor,
  tierRows,
  tiersServing,
  type AnchorSeek,
  type NumberedAnchorRow,
  type PageAnchors,
} from './pageAnchors.js';
import { filterConditions, filterKey, orderSql, scanMatchesSql, scopeConditions, whereSql, type ReadPlan, type WhereParts } from './whereSql.js';
import { assertQueryVisible, withoutHidden } from './fieldAccess.js';

export interface ListPage {
  rows: Row[];
  total: number;
}

// Rows a read may visit on the main thread before it is sent to env.slow instead: roughly the 5 ms of
// synchronous database work one request may cost other requests waiting on the event loop.
const MAX_MAIN_THREAD_VISITS = 5_000;
// An index walk reads rows in random order, a scan in sequence (about five times cheaper per row).
// To reach the page the walk visits tableRows × reach / total rows, the scan all of them once: the
// scan wins when total < 5 × reach, i.e. when the matches are sparse.
const SCAN_WHEN_TOTAL_BELOW_REACH_TIMES = 5;

// A walk of the sort index assumes the filter's matches are spread evenly over the sort order. Where
// they cluster further down (a keyword correlated with the sort column: at 1M rows a walk expected to
// visit ~1,300 rows visited 11,000–17,000), the walk stops after this many times the expected visits
// and the page is read by the text index (the 'scan' plan) instead. Three times the expectation is
// practically never reached by evenly spread matches (fewer than 20 in a stretch expected to hold 60).
const WALK_BOUND_FACTOR = 3;
// A probe (ReadPlan 'probe') lists the keyword's matches once and tests index entries against them,
// a table read only per match; a filter reads every row the walk visits. Measured on 100k rows (CPU
// per page): a match listed ≈ 0.3 µs, an index entry probed ≈ 0.08 µs, a row read and filtered ≈
// 1.1 µs; so a probe wins while the matches number less than about three times the walk's visits.
const PROBE_WHEN_MATCHES_BELOW_VISITS_TIMES = 2;
// A probing walk may overrun its expected visits this many times more than a filtering one before the
// page is read by the 'scan' plan instead (an index entry probed costs about a tenth of a row filtered;
// the bound itself is checked once per filter, by filtering, off the main thread when it is long).
const PROBE_WALKS_FURTHER = 10;
// Walks expected to be shorter than this are not bounded: the bound reads the walk as a subquery,
// which costs every visited row a little more, and a short walk that overruns stays cheap.
const BOUND_WALKS_FROM_VISITS = 200;

// A page whose OFFSET would have the read visit at least this many rows before the page starts seeks
// from cached anchors (pageAnchors.ts) instead. The rows visited count the filter's density: page 50
// of a 1-in-64 keyword skips 980 matches, but walks some 63,000 rows of the sort index to skip them
// (or reads and sorts all of the keyword's matches), which costs it several times page 1.
const ANCHORS_FROM_SKIPPED_VISITS = 1_000;

// A page before the first anchor is read from the leading range (pageAnchors.ts leadingRangeSql) where
// the range holds at most this many rows per row of the set. Without it the page costs at least a read
// of every row of the set (the 'scan' plan, or the planner's own where the adapter plans no scans), about
// as much per row as the range's walk. Measured at 1M rows (bench:list, under load): a 1-in-64 keyword
// whose first 20 matches span 25,500 rows walked them in 156 ms and scanned its 15,600 matches in 166 ms
// on one database; on the other, page 1 of the five bench keywords served 621 req/s with that range
// walked and 162 with it refused.
const RANGE_ROWS_PER_SET_ROW = 2;

const NO_FILTER: WhereParts = { filters: [], keyword: null, superQuery: [], matchType: 'and' };

function hasFilter(q: WhereParts): boolean {
  return q.filters.length > 0 || q.keyword !== null || q.superQuery.length > 0;
}

/** The exact size of a filtered set in the caller's scope, cached per filter and scope until the table is written (tableCache.ts). */
function countOf(env: EngineEnv, model: CompiledModel, parts: WhereParts, ctx: EngineContext, key = filterKey(parts, ctx)): Promise<number> {
  return env.totals.obtain(model.tableName, key, async () => {
    const query = sql<{ total: number | string }>`select count(*) as total from ${model.table} ${whereSql(model, parts, ctx, 'set')}`;
    const [row] = await env.slow.all<{ total: number | string }>(query.compile(env.reader));
    return Number(row?.total ?? 0);
  });
}

/**
 * How many rows the text index lists for the keyword, where the index serves it and a 'scan' read
 * starts from them (and a 'probe' lists them), else null. The matches are counted over the whole
 * table, every tenant's rows included, since the index lists them all before the tenant and scope
 * are tested; so one count per keyword holds for every caller. Cached like totals (an estimate: it
 * decides how and on which thread a page is read, never which rows).
 */
async function indexMatches(env: EngineEnv, model: CompiledModel, q: ListQuery, ctx: EngineContext): Promise<number | null> {
  const matches = scanMatchesSql(model, q, ctx);
  if (!matches || q.keyword === null) return null;
  // the index spans the model's keyword columns: a release that changes them builds another
  return env.indexMatches.obtain(model.tableName, `${model.keywordSearch.columns.join(',')}\u0000${q.keyword}`, async () => {
    const [row] = await env.slow.all<{ total: number | string }>(matches.compile(env.reader));
    return Number(row?.total ?? 0);
  });
}

/**
 * How a page found by walking the sort index tests the keyword: against the text index's matches
 * ('probe') where the walk is expected to visit more than half as many rows as the index lists
 * (each visited row costs a filter a table read; a probe costs each match a few times less, once),
 * else on each visited row ('index'). Walks shorter than BOUND_WALKS_FROM_VISITS meet their page
 * within a few rows: never probed.
 */
async function walkPlan(env: EngineEnv, model: CompiledModel, q: ListQuery, ctx: EngineContext, walkVisits: number): Promise<ReadPlan> {
  if (q.keyword === null || walkVisits < BOUND_WALKS_FROM_VISITS) return 'index';
  const matches = await indexMatches(env, model, q, ctx);
  return matches !== null && matches < PROBE_WHEN_MATCHES_BELOW_VISITS_TIMES * walkVisits ? 'probe' : 'index';
}

/**
 * A page's seek from cached anchors: past the nearest anchor before it, or for a page before the
 * first anchor, within the range from the set's first row to that anchor (`bounded`). `key` names the
 * anchors it binds, for the page's compiled statement.
 */
type AnchoredSeek = AnchorSeek & { skip: number; key: string; bounded: boolean; visits: number | null };

/**
 * Where a page starts, from the nearest cached anchors. The first such page of a filter is served as
 * without anchors (no waiting) while the anchors reaching it are derived in the background for the
 * pages after it. Anchors are kept per filter, sort, stride (a multiple of the page size, so one page
 * size's anchors fall on its page boundaries) and tier (how deep they reach: pageAnchors.ts anchorTierFor).
 */
async function anchoredSeek(
  env: EngineEnv,
  model: CompiledModel,
  q: ListQuery,
  ctx: EngineContext,
  filter: string,
  total: number,
  offset: number,
): Promise<AnchoredSeek | null> {
  const stride = strideFor(total, q.pageSize);
  const key = `${filter}\u0000${q.sort.field.name} ${q.sort.order}\u0000${stride}`;
  const reach = offset + q.pageSize;
  const cached = tiersServing(stride, reach, total)
    .map((tier) => ({ tier, entry: env.anchors.lookup(model.tableName, `${key}\u0000${tier}`) }))
    .find((found) => found.entry !== undefined);
  // missing: derive the tier this page needs; past the TTL: used once more while derived again
  if (!cached?.entry?.fresh) {
    const tier = cached ? { tier: cached.tier, rows: tierRows(stride, cached.tier, total) } : anchorTierFor(stride, reach, total);
    void env.anchors
      .obtain(model.tableName, `${key}\u0000${tier.tier}`, async () => {
        const read = anchorsSql(model, q.sort, whereSql(model, q, ctx, 'set'), stride, tier.rows);
        const anchors = anchorsOf(await env.slow.all<NumberedAnchorRow>(read.compile(env.reader)), stride);
        return { ...anchors, leadingRangeRows: await leadingRangeRows(env, model, q, ctx, anchors) };
      })
      .catch(() => {});
  }
  const anchors = cached?.entry?.value;
  if (!anchors) return null;
  if (offset < anchors.stride) {
    const [first, last, visits] = [anchors.first, anchors.rows[0], anchors.leadingRangeRows];
    const range = first && last ? leadingRangeSql(model, q.sort, first, last) : null;
    if (!range || !first || !last || visits === null) return null;
    const key = JSON.stringify([first.sortValue, first.id, last.sortValue, last.id]);
    return { after: range, nullsAfter: false, skip: offset, bounded: true, visits, key };
  }
  const found = anchorFor(anchors, offset);
  if (!found) return null;
  return {
    ...afterAnchorSql(model, q.sort, found.anchor),
    skip: found.skip,
    bounded: false,
    visits: null,
    key: JSON.stringify([found.anchor.sortValue, found.anchor.id]),
  };
}

/**
 * How many rows of the tenant and scope a walk of the leading range visits (null: no range serves the
 * leading pages). Counted once with the anchors: the matches may cluster anywhere in the sort order,
 * so a range of 20 matches held some 100 rows for one keyword and 25,500 for another (1M rows, 1-in-64
 * keywords), and only a count tells the walk that pays from the one that does not.
 */
async function leadingRangeRows(env: EngineEnv, model: CompiledModel, q: ListQuery, ctx: EngineContext, anchors: PageAnchors): Promise<number | null> {
  const [first, last] = [anchors.first, anchors.rows[0]];
  const range = first && last ? leadingRangeSql(model, q.sort, first, last) : null;
  if (!range) return null;
  const count = sql<{ total: number | string }>`select count(*) as total from ${model.table} ${whereSql(model, NO_FILTER, ctx, 'index', [range])}`;
  const [row] = await env.slow.all<{ total: number | string }>(count.compile(env.reader));
  return Number(row?.total ?? 0);
}

/** The most rows a walk may visit, expected to visit `visits` (boundedWalk): a probe's costs a fraction of a filtered one's per row. */
function walkBound(plan: ReadPlan, visits: number, pageSize: number): number {
  const factor = plan === 'probe' ? WALK_BOUND_FACTOR * PROBE_WALKS_FURTHER : WALK_BOUND_FACTOR;
  return Math.ceil(factor * visits) + pageSize;
}

// The sort value of each row in the two parts of a page past an anchor, ordered on after the union.
const SORT_KEY_COLUMN = '__sortValue';
const SORT_ID_COLUMN = '__sortId';

/**
 * A page past a non-null anchor when null sort values come after it (AnchorSeek.nullsAfter): the
 * non-null rows past the anchor and the null rows, each read by the index in order and at most as
 * many as the page can reach, then merged in the list's order (the database's own null placement,
 * which is where the nulls are after the anchor). Two index seeks instead of an OR that none serves.
 */
function pastAnchorWithNulls(
  model: CompiledModel,
  q: ListQuery,
  ctx: EngineContext,
  plan: ReadPlan,
  columns: RawBuilder<unknown>,
  past: RawBuilder<unknown>,
  skip: number,
) {
  const reach = skip + q.pageSize;
  const direction = sql.raw(q.sort.order);
  const order = sql`order by ${q.sort.field.ref} ${direction}, ${model.id.ref} ${direction}`;
  const selected = sql`${columns}, ${q.sort.field.ref} as ${sql.id(SORT_KEY_COLUMN)}, ${model.id.ref} as ${sql.id(SORT_ID_COLUMN)}`;
  const nulls = whereSql(model, q, ctx, plan, [sql`${q.sort.field.ref} is null`]);
  return sql<Row>`select * from (
      select * from (select ${selected} from ${model.table} ${past} ${order} limit ${reach}) as past_anchor
      union all
      select * from (select ${selected} from ${model.table} ${nulls} ${order} limit ${reach}) as null_tail
    ) as merged
    order by ${sql.id(SORT_KEY_COLUMN)} ${direction}, ${sql.id(SORT_ID_COLUMN)} ${direction}
    limit ${q.pageSize} offset ${skip}`;
}

/**
 * A filtered page read by walking the sort index, at most WALK_BOUND_FACTOR × the expected visits: the
 * walk is a subquery of the tenant's and scope's rows in the list's order with that LIMIT, filtered
 * outside it. Its first `reach` matches are the set's first, so a full page is the right page; a short
 * one means the walk ran out of bound (an index-plan page is never the set's last: its total is at
 * least SCAN_WHEN_TOTAL_BELOW_REACH_TIMES × its reach), and the page is read by the 'scan' plan. The
 * outcome is remembered per filter and reach until the table is written, so later requests read the
 * way that worked without the subquery (the cache decides speed only: both ways give the same rows).
 * Requests arriving while the bounded walk runs wait for its outcome rather than each walking (a
 * sparse keyword's walk is a slow read: every one of them queued on the read workers), and an outcome
 * past its TTL keeps serving while one bounded walk checks it again.
 */
async function boundedWalk(
  env: EngineEnv,
  model: CompiledModel,
  q: ListQuery,
  ctx: EngineContext,
  walk: { columns: RawBuilder<unknown>; skip: number; reach: number; visits: number; plan: ReadPlan },
  read: (plan: ReadPlan) => Promise<Row[]>,
): Promise<Row[]> {
  const key = `${filterKey(q, ctx)}\u0000${q.sort.field.name} ${q.sort.order}\u0000${walk.reach}`;
  // the page this request's own walk read, when the outcome below is that walk's
  let walked: Row[] | null = null;
  const outcome = await env.walks.obtain(model.tableName, key, async () => {
    const bound = walkBound(walk.plan, walk.visits, q.pageSize);
    const scoped = sql`(select * from ${model.table} ${whereSql(model, NO_FILTER, ctx)} ${orderSql(q.sort, model)} limit ${bound}) as ${model.table}`;
    const filters = filterConditions(model, q, ctx);
    const page = sql<Row>`select ${walk.columns} from ${scoped} where ${sql.join(filters, sql` and `)} ${orderSql(q.sort, model)} limit ${q.pageSize} offset ${walk.skip}`;
    // a sort no index serves orders every row of the tenant's set inside the subquery, whatever its bound
    const onMainThread = bound <= MAX_MAIN_THREAD_VISITS && model.indexedSorts.has(q.sort.field);
    const rows = await (onMainThread ? env.quick : env.slow).all<Row>(page.compile(env.reader));
    walked = rows;
    return rows.length < q.pageSize ? 'scan' : 'walk';
  });
  if (outcome === 'scan') return read('scan');
  return walked ?? read(walk.plan);
}

/** What a page's statement depends on besides the filter (filterKey) and its plan and offset: sort, projection, size. */
function pageShape(q: ListQuery): string {
  const projection = q.projection ? q.projection.map((f) => f.name).join(',') : '*';
  return `${q.sort.field.name} ${q.sort.order}\u0000${projection}\u0000${q.pageSize}`;
}

/**
 * One page and the total of the filtered set. The total comes first (cached, else counted off the
 * main thread); it tells how selective the filter is, which decides how the page is read:
 * - dense matches: walk the sort index (a few rows per match), on the main thread;
 * - sparse matches (where the adapter can plan scans): scan and sort instead (ReadPlan 'scan'), since the walk would visit most
 *   of the table in random order;
 * - deep pages, and every page of sparse matches, seek from cached anchors (pageAnchors.ts) rather than
 *   walking their OFFSET or from the start of the index;
 * - either way, a read expected to visit more than MAX_MAIN_THREAD_VISITS rows (a deep page, a scan of
 *   a big table, a sort by a column no index leads with) runs in env.slow so it cannot stall other requests.
 */
export async function listRecords(env: EngineEnv, model: CompiledModel, q: ListQuery, ctx: EngineContext): Promise<ListPage> {
  assertQueryVisible(model, q, ctx.scope.fields);
  const offset = (q.pageNo - 1) * q.pageSize;
  const filter = filterKey(q, ctx);
  const total = await countOf(env, model, q, ctx, filter);
  let rows: Row[] = [];
  if (total > offset) {
    const filtered = hasFilter(q);
    const tableRows = filtered ? await countOf(env, model, NO_FILTER, ctx) : total;
    const scanReaching = (reach: number) => model.adapter.paging.scanPlans && filtered && total < SCAN_WHEN_TOTAL_BELOW_REACH_TIMES * reach;
    // A seek from an anchor walks the sort index from there, visiting about what page 1 visits,
    // whatever the filter's density: worth it wherever page 1 itself is read by a walk. A set too
    // small for that (page 1 scans it) is scanned at any depth. Sparse matches seek from anchors on
    // every page, page 1 included: its walk from the start of the index passes every row sorting
    // before the first match (at 1M rows a keyword clustered in the sort order walked past its bound
    // and read all of its 15,600 matches to sort them instead), where a walk from the first match visits
    // what a deep page's does.
    const sparse = filtered && model.indexedSorts.has(q.sort.field) && (tableRows * q.pageSize) / total >= BOUND_WALKS_FROM_VISITS;
    const anchored =
      ((offset * tableRows) / total >= ANCHORS_FROM_SKIPPED_VISITS || sparse) && !scanReaching(q.pageSize)
        ? await anchoredSeek(env, model, q, ctx, filter, total, offset)
        : null;
    // A leading range is walked when it holds no more rows than a walk from the index's start may
    // visit (boundedWalk's bound, by the plan the range would be read with), or than reading the page
    // without anchors costs at least: the set's rows (RANGE_ROWS_PER_SET_ROW). Else the page is read as without anchors.
    const expectedVisits = (tableRows * Math.min(offset + q.pageSize, total)) / total;
    const walkable = async (visits: number) =>
      visits <= RANGE_ROWS_PER_SET_ROW * total || visits <= walkBound(await walkPlan(env, model, q, ctx, visits), expectedVisits, q.pageSize);
    const seek = anchored && (anchored.visits === null || (await walkable(anchored.visits))) ? anchored : null;
    const columns = q.projection ? sql.join(q.projection.map((f) => f.select)) : model.selectList;
    const pageFrom = async (seek: AnchoredSeek | null): Promise<Row[]> => {
      const skip = seek ? seek.skip : offset;
      const reach = skip + q.pageSize;
      const scan = !seek && scanReaching(reach);
      // a leading range's visits were counted (anchoredSeek); elsewhere they are estimated from the density
      const walkVisits = seek?.visits ?? (filtered ? (tableRows * Math.min(reach, total)) / total : reach);
      // a sort no index serves has no walk to stop early: the database reads and sorts every row of the
      // tenant's set (measured: a page of 100k rows sorted by an unindexed column held the event loop ~35 ms)
      const pageVisits = model.indexedSorts.has(q.sort.field) ? walkVisits : tableRows;
      const read = async (plan: ReadPlan) => {
        const visits = plan === 'scan' ? ((await indexMatches(env, model, q, ctx)) ?? tableRows) : pageVisits;
        const build = () => {
          const where = whereSql(model, q, ctx, plan, seek ? [seek.after] : []);
          const page = seek?.nullsAfter
            ? pastAnchorWithNulls(model, q, ctx, plan, columns, where, skip)
            : sql<Row>`select ${columns} from ${model.table} ${where} ${orderSql(q.sort, model, plan)} limit ${q.pageSize} offset ${skip}`;
          const { sql: text, parameters } = page.compile(env.reader);
          return { sql: text, parameters };
        };
        // a page from an anchor binds the anchor's values, so the anchor is part of its key
        const statement = env.pages.get(model, ctx.scope, `${plan}\u0000${filter}\u0000${pageShape(q)}\u0000${skip}\u0000${seek?.key ?? ''}`, build);
        return (visits > MAX_MAIN_THREAD_VISITS ? env.slow : env.quick).all<Row>(statement);
      };
      if (scan) return read('scan');
      const walk = filtered ? await walkPlan(env, model, q, ctx, walkVisits) : 'index';
      if (seek || !filtered || !model.adapter.paging.scanPlans || walkVisits < BOUND_WALKS_FROM_VISITS) return read(walk);
      return boundedWalk(env, model, q, ctx, { columns, skip, reach, visits: walkVisits, plan: walk }, read);
    };
    rows = await pageFrom(seek);
    // A range between anchors holds the whole page unless writes the engine did not see (another
    // server, a script) removed rows from it: a short page is read again as without anchors.
    if (seek?.bounded && rows.length < Math.min(q.pageSize, total - offset)) rows = await pageFrom(null);
    if (seek?.nullsAfter) {
      for (const row of rows) {
        delete row[SORT_KEY_COLUMN];
        delete row[SORT_ID_COLUMN];
      }
    }
  }
  const presented = await presentRows(env, model, rows, ctx, q.projection ? { fields: q.projection } : {});
  // a total cached before writes the engine did not see may lag behind the page we hold
  return { rows: withoutHidden(presented, ctx.scope.fields), total: rows.length > 0 ? Math.max(total, offset + rows.length) : total };
}

/** One record of the caller's tenant and data scope, or CL_ERR_RECORD_NOT_FOUND (a row outside the scope is not revealed). */
export async function getRecord(env: EngineEnv, model: CompiledModel, id: string, ctx: EngineContext): Promise<Row> {
  const where = sql.join([sql`${model.id.ref} = ${id}`, ...scopeConditions(model, ctx)], sql` and `);
  const rows = await env.quick.all<Row>(sql<Row>`select ${model.selectList} from ${model.table} where ${where}`.compile(env.reader));
  if (rows.length === 0) throw appError('CL_ERR_RECORD_NOT_FOUND');
  return withoutHidden(await presentRows(env, model, rows, ctx), ctx.scope.fields)[0]!;
}

export type LookupReader = (ctx: EngineContext) => Promise<Record<string, unknown>[]>;

/** A read-only projection (api.lookups): where-filtered, in the caller's tenant and data scope, in the model's default order. */
export function createLookupReader(env: EngineEnv, model: CompiledModel, lookup: LookupDef): LookupReader {
  const outputs = Object.entries(lookup.fields).map(([out, name]) => [out, model.fields.get(name)!] as const);
  const columns = sql.join([...new Set(outputs.map(([, f]) => f))].map((f) => f.select));
  const fixed = Object.entries(lookup.where ?? {}).map(([name, value]) => {
    const field = model.fields.get(name)!;
    return sql`${field.ref} = ${filterValue(field, value as Scalar, 'eq')}`;
  });
  const order = orderSql(model.defaultSort, model);
  return async (ctx) => {
    const conditions = [...scopeConditions(model, ctx), ...fixed];
    const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    const { rows } = await sql<Row>`select ${columns} from ${model.table} ${where} ${order}`.execute(env.reader);
    // a field the caller's roles hide (field access) is null here, as the model's list leaves it out
    const hidden = ctx.scope.fields?.hidden;
    return decodeStructured(model, rows).map((row) =>
      Object.fromEntries(outputs.map(([out, field]) => [out, hidden?.has(field.name) ? null : (row[field.name] ?? null)])),
    );
  };
}
