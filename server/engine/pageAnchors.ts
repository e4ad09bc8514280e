import { sql, type RawBuilder } from 'kysely';
import type { CompiledModel } from './compileModel.js';
import type { ListQuery } from './listQuery.js';

/**
 * Deep pages without deep OFFSETs. OFFSET n makes the database walk and discard n rows, so page 200 of a
 * list costs two hundred times page 1. Anchors remember, for one filter and sort, the sort value and id
 * of every stride-th row; a deep page then seeks just past the nearest anchor before it ("keyset"
 * pagination) and skips fewer than `stride` rows. They are derived in ordered passes as deep as pages are
 * asked for (tiers), off the main thread, and cached like totals (tableCache.ts: dropped on every write
 * through the engine).
 */
export interface PageAnchors {
  stride: number;
  /** rows[j]: the row at 0-based position (j + 1) × stride − 1 of the ordered, filtered set */
  rows: AnchorRow[];
  /**
   * The set's first row (null: the set is empty). With rows[0] it bounds the pages before the first
   * anchor: they lie between the two in the sort order (leadingRangeSql).
   */
  first: AnchorRow | null;
  /**
   * How many rows of the tenant and data scope lie from `first` to rows[0] (what a walk of that range
   * visits, matches or not); null where no range serves those pages (leadingRangeSql).
   */
  leadingRangeRows: number | null;
}

/** Where a row stands in the list's order: its sort value and id. */
export interface AnchorRow {
  sortValue: unknown;
  id: string;
}

/** A row of anchorsSql: an anchor or the set's first row, with its 1-based position in the set. */
export type NumberedAnchorRow = AnchorRow & { position: number | string };

// Anchors are derived as deep as pages are asked for, in tiers that double: tier k covers the first
// stride × FIRST_TIER_ANCHORS × 2^k rows of the set. Deriving every anchor of a big set at once costs a
// pass over all of its rows (2.1 s for the 250,000 matches of a 1-in-4 keyword at 1M rows, measured),
// which the first visitor of page 200 waited for and every other request on the slow reads queued
// behind; the tier reaching page 200 reads some 9,000 of them. A deeper page derives the next tier
// (doubling: the tiers of one set together cost at most twice the deepest one).
const FIRST_TIER_ANCHORS = 64;

/** The anchors a page needs: its tier, and how many leading rows of the set it covers (null: all of them). */
export interface AnchorTier {
  tier: number;
  rows: number | null;
}

/** The shallowest tier covering a page that ends at `reach`; the last tier covers the whole set. */
export function anchorTierFor(stride: number, reach: number, total: number): AnchorTier {
  let tier = 0;
  for (let rows = tierRows(stride, tier, total); rows !== null && rows < reach; rows = tierRows(stride, tier, total)) tier++;
  return { tier, rows: tierRows(stride, tier, total) };
}

/** How many leading rows of a set of `total` rows a tier covers; null: all of them. */
export function tierRows(stride: number, tier: number, total: number): number | null {
  const rows = stride * FIRST_TIER_ANCHORS * 2 ** tier;
  return rows >= total ? null : rows;
}

/** Every tier from the one a page needs to the one covering the whole set: any of them serves the page. */
export function tiersServing(stride: number, reach: number, total: number): number[] {
  const first = anchorTierFor(stride, reach, total).tier;
  const last = anchorTierFor(stride, total, total).tier;
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

// Anchors kept per set at most: an anchor holds a sort value and an id (some 100 bytes), and the
// cache keeps up to 200 sets (engineEnv.ts).
const MAX_ANCHORS = 2_000;

/**
 * Anchors every page-size rows (every few pages where the set has more than MAX_ANCHORS pages), so a
 * page past an anchor usually starts right after it: the seek then reads just the page, as page 1
 * does. A stride that is not a multiple of the page size would leave a page up to a stride of rows to
 * skip past its anchor, which a sparse filter pays as its whole density over again (a 1-in-64 keyword
 * skipping 80 rows walks 5,000 rows of the sort index).
 */
export function strideFor(total: number, pageSize: number): number {
  return pageSize * Math.max(1, Math.ceil(total / (pageSize * MAX_ANCHORS)));
}

/** The anchor to seek from for a page starting at `offset`, and how many rows past it the page starts. */
export function anchorFor(anchors: PageAnchors, offset: number): { anchor: AnchorRow; skip: number } | null {
  const j = Math.floor(offset / anchors.stride) - 1;
  const anchor = j >= 0 ? anchors.rows[j] : undefined;
  if (!anchor) return null;
  return { anchor, skip: offset - (j + 1) * anchors.stride };
}

/**
 * The query deriving the anchors: every stride-th row of the list's own ORDER BY, among the first
 * `rows` rows of the set (null: all of them), and the set's first row. A limited set is read in the
 * list's order up to its LIMIT (an index walk that stops there), then numbered in the same order.
 * anchorsOf() sorts the answer into PageAnchors.
 */
export function anchorsSql(
  model: CompiledModel,
  sort: ListQuery['sort'],
  where: RawBuilder<unknown>,
  stride: number,
  rows: number | null = null,
): RawBuilder<NumberedAnchorRow> {
  const direction = sql.raw(sort.order);
  const byId = sort.field === model.id;
  const order = byId ? sql`${model.id.ref} ${direction}` : sql`${sort.field.ref} ${direction}, ${model.id.ref} ${direction}`;
  const picked = sql`select sort_value as ${sql.id('sortValue')}, anchor_id as ${sql.id('id')}, rn as ${sql.id('position')}`;
  const kept = sql`where rn % ${stride} = 0 or rn = 1 order by rn`;
  if (rows === null) {
    return sql`${picked} from (
      select ${sort.field.ref} as sort_value, ${model.id.ref} as anchor_id, row_number() over (order by ${order}) as rn
      from ${model.table} ${where}
    ) ranked ${kept}`;
  }
  // the same order over the selected columns: same values, same direction, so nulls fall where they did
  const numbered = byId ? sql`anchor_id ${direction}` : sql`sort_value ${direction}, anchor_id ${direction}`;
  return sql`${picked} from (
      select sort_value, anchor_id, row_number() over (order by ${numbered}) as rn from (
        select ${sort.field.ref} as sort_value, ${model.id.ref} as anchor_id from ${model.table} ${where} order by ${order} limit ${rows}
      ) leading_rows
    ) ranked ${kept}`;
}

/**
 * The anchors and first row among the rows anchorsSql read (a stride of 1 makes the first row an
 * anchor too); leadingRangeRows is counted afterwards, where a range serves the leading pages.
 */
export function anchorsOf(read: NumberedAnchorRow[], stride: number): PageAnchors {
  const row = ({ sortValue, id }: NumberedAnchorRow): AnchorRow => ({ sortValue, id });
  const first = read.find((r) => Number(r.position) === 1);
  return { stride, rows: read.filter((r) => Number(r.position) % stride === 0).map(row), first: first ? row(first) : null, leadingRangeRows: null };
}

/**
 * Where a deep page starts, past its anchor. `after` keeps the (sort column, id) index usable: a
 * row-value comparison, plus a plain bound on the sort column where the dialect's planner needs one
 * to seek rather than filter (paging.seekColumnBound). When null sort values come after a non-null anchor
 * (`nullsAfter`), they cannot join that condition without an OR that no index serves: the page then
 * reads them as a second ordered part (readRecords.ts).
 */
export interface AnchorSeek {
  after: RawBuilder<unknown>;
  nullsAfter: boolean;
}

/**
 * "Comes after the anchor" in the list's order, null sort values included: where nulls go is the
 * dialect's (adapter.paging), reversed when descending.
 */
export function afterAnchorSql(model: CompiledModel, sort: ListQuery['sort'], anchor: AnchorRow): AnchorSeek {
  const after = sql.raw(sort.order === 'asc' ? '>' : '<');
  const id = model.id.ref;
  if (sort.field === model.id) return { after: sql`${id} ${after} ${anchor.id}`, nullsAfter: false };
  const column = sort.field.ref;
  const nullsFirst = model.adapter.paging.nullsFirstAscending === (sort.order === 'asc');
  if (anchor.sortValue === null || anchor.sortValue === undefined) {
    return {
      after: nullsFirst
        ? sql`((${column} is null and ${id} ${after} ${anchor.id}) or ${column} is not null)`
        : sql`(${column} is null and ${id} ${after} ${anchor.id})`,
      nullsAfter: false,
    };
  }
  const past = sql`(${column}, ${id}) ${after} (${anchor.sortValue}, ${anchor.id})`;
  const bound = sql.raw(sort.order === 'asc' ? '>=' : '<=');
  const seek = model.adapter.paging.seekColumnBound ? sql`(${column} ${bound} ${anchor.sortValue} and ${past})` : sql`(${past})`;
  return { after: seek, nullsAfter: !nullsFirst };
}

/** Everything after the anchor as one condition (the null sort values included): for batch reads that seek row by row. */
export function afterAnchorCondition(model: CompiledModel, sort: ListQuery['sort'], anchor: AnchorRow): RawBuilder<unknown> {
  const seek = afterAnchorSql(model, sort, anchor);
  return seek.nullsAfter ? sql`(${seek.after} or ${sort.field.ref} is null)` : seek.after;
}

/**
 * The rows from the set's first to its first anchor, both included, as one condition a walk of the
 * (sort column, id) index seeks and stops by: where every page before the first anchor lies. Without
 * it such a page (page 1 of a sparse keyword) walks the index from its start, through every row
 * sorting before the first match, or reads all the keyword's matches to sort them. Both bounds hold
 * every row of those pages, so the condition changes which index entries are visited, never which
 * rows the page holds (while the anchors are of the table's current generation: tableCache.ts).
 * Null when one bound's sort value is null and the other's is not: the range then spans the nulls and
 * the values, which only an OR can say, and no index serves that (the page is read as without anchors).
 */
export function leadingRangeSql(model: CompiledModel, sort: ListQuery['sort'], first: AnchorRow, last: AnchorRow): RawBuilder<unknown> | null {
  const from = sql.raw(sort.order === 'asc' ? '>=' : '<=');
  const to = sql.raw(sort.order === 'asc' ? '<=' : '>=');
  const id = model.id.ref;
  if (sort.field === model.id) return sql`(${id} ${from} ${first.id} and ${id} ${to} ${last.id})`;
  const column = sort.field.ref;
  const isNull = (value: unknown) => value === null || value === undefined;
  if (isNull(first.sortValue) !== isNull(last.sortValue)) return null;
  // among null sort values the order is the ids'
  if (isNull(first.sortValue)) return sql`(${column} is null and ${id} ${from} ${first.id} and ${id} ${to} ${last.id})`;
  // a null sort value compares as unknown, so no null row is in the range; and none belongs there: the
  // nulls sort all before or all after the non-null values, so none lies between two of them
  const within = sql`(${column}, ${id}) ${from} (${first.sortValue}, ${first.id}) and (${column}, ${id}) ${to} (${last.sortValue}, ${last.id})`;
  return model.adapter.paging.seekColumnBound
    ? sql`(${column} ${from} ${first.sortValue} and ${column} ${to} ${last.sortValue} and ${within})`
    : sql`(${within})`;
}
