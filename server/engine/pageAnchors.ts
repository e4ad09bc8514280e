import { sql, type RawBuilder } from 'kysely';
import type { CompiledModel } from './compileModel.js';
import type { ListQuery } from './listQuery.js';

/**
 * Deep pages without deep OFFSETs. OFFSET n makes the database walk and discard n rows, so page 200 of a
 * list costs two hundred times page 1. Anchors remember, for one filter and sort, the sort value and id
 * of every stride-th row; a deep page then seeks just past the nearest anchor before it ("keyset"
 * pagination) and skips fewer than `stride` rows. They are derived in one ordered pass, off the main
 * thread, and cached like totals (tableCache.ts: dropped on every write through the engine).
 */
export interface PageAnchors {
  stride: number;
  /** rows[j]: the row at 0-based position (j + 1) × stride − 1 of the ordered, filtered set */
  rows: { sortValue: unknown; id: string }[];
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
export function anchorFor(anchors: PageAnchors, offset: number): { anchor: PageAnchors['rows'][number]; skip: number } | null {
  const j = Math.floor(offset / anchors.stride) - 1;
  const anchor = j >= 0 ? anchors.rows[j] : undefined;
  if (!anchor) return null;
  return { anchor, skip: offset - (j + 1) * anchors.stride };
}

/** The query deriving the anchors: every stride-th row of the list's own ORDER BY. */
export function anchorsSql(
  model: CompiledModel,
  sort: ListQuery['sort'],
  where: RawBuilder<unknown>,
  stride: number,
): RawBuilder<{ sortValue: unknown; id: string }> {
  const direction = sql.raw(sort.order);
  const order = sort.field === model.id ? sql`${model.id.ref} ${direction}` : sql`${sort.field.ref} ${direction}, ${model.id.ref} ${direction}`;
  return sql`select sort_value as ${sql.id('sortValue')}, anchor_id as ${sql.id('id')} from (
      select ${sort.field.ref} as sort_value, ${model.id.ref} as anchor_id, row_number() over (order by ${order}) as rn
      from ${model.table} ${where}
    ) ranked where rn % ${stride} = 0 order by rn`;
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
export function afterAnchorSql(model: CompiledModel, sort: ListQuery['sort'], anchor: PageAnchors['rows'][number]): AnchorSeek {
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
export function afterAnchorCondition(model: CompiledModel, sort: ListQuery['sort'], anchor: PageAnchors['rows'][number]): RawBuilder<unknown> {
  const seek = afterAnchorSql(model, sort, anchor);
  return seek.nullsAfter ? sql`(${seek.after} or ${sort.field.ref} is null)` : seek.after;
}
