import { sql, type RawBuilder } from 'kysely';
import type { KeywordUse } from '../db/dialects/DbAdapter.js';
import { escapeLike } from '../db/dialects/escapeLike.js';
import { v2 } from '../../runtime/model/v2Parts.js';
import type { CompiledField, CompiledModel } from './compileModel.js';
import type { Condition } from './conditions.js';
import type { EngineContext } from './context.js';
import type { ListQuery } from './listQuery.js';

const AND = sql` and `;
const OR = sql` or `;

const COMPARISON: Record<string, RawBuilder<unknown>> = {
  eq: sql.raw('='),
  ne: sql.raw('<>'),
  gt: sql.raw('>'),
  ge: sql.raw('>='),
  lt: sql.raw('<'),
  le: sql.raw('<='),
};

/**
 * A tree's roots are the rows whose parent is the tree's root value or empty: a node saved without a
 * parent (a top-level menu) is a root, not an orphan no level of the tree shows.
 */
function isTreeRootFilter(model: CompiledModel, c: Condition): boolean {
  const tree = v2(model.model).tree;
  return c.rule === 'eq' && tree?.parentField === c.field.name && String(c.value) === String(tree.rootValue ?? '0');
}

/** Every identifier comes from the compiled model, every value is a bound parameter. */
export function conditionSql(model: CompiledModel, c: Condition): RawBuilder<unknown> {
  const ref = c.field.ref;
  if (isTreeRootFilter(model, c)) return sql`(${ref} = ${c.value} or ${ref} is null)`;
  switch (c.rule) {
    case 'in':
      return sql`${ref} in (${sql.join(c.value as unknown[])})`;
    case 'like':
      return model.adapter.textSearch.like(ref, `%${escapeLike(String(c.value))}%`);
    case 'right_like':
      return model.adapter.textSearch.like(ref, `${escapeLike(String(c.value))}%`);
    case 'left_like':
      return model.adapter.textSearch.like(ref, `%${escapeLike(String(c.value))}`);
    default:
      return sql`${ref} ${COMPARISON[c.rule]!} ${c.value}`;
  }
}

export interface WhereParts {
  filters: Condition[];
  keyword: string | null;
  superQuery: Condition[];
  matchType: 'and' | 'or';
}

/** What bounds every read besides the client's filters: the tenant (tenant_id or the tenancy hook) and the data scope. */
export type ReadScope = Pick<EngineContext, 'tenantId' | 'scope'>;

/** The tenant and data-scope conditions alone (gets, writes, lookups). */
export function scopeConditions(model: CompiledModel, ctx: ReadScope): RawBuilder<unknown>[] {
  const all: RawBuilder<unknown>[] = [];
  if (model.tenant) all.push(sql`${model.tenant.ref} = ${ctx.tenantId}`);
  if (model.tenancy) all.push(model.tenancy.rowsOf(ctx.tenantId, model.adapter.paging.unindexed));
  if (ctx.scope.condition) all.push(ctx.scope.condition);
  return all;
}

/** The keyword fields the caller's roles hide (system.roleField): a keyword never matches inside them. */
function hiddenKeywordFields(model: CompiledModel, ctx: ReadScope): CompiledField[] {
  const hidden = ctx.scope.fields?.hidden;
  return hidden && hidden.size > 0 ? model.keywordFields.filter((f) => hidden.has(f.name)) : [];
}

const KEYWORD_USE: Record<ReadPlan, KeywordUse> = { index: 'filter', probe: 'probe', scan: 'lookup', set: 'lookup' };

/**
 * The keyword search. When the caller's roles hide a keyword field, the search covers only the
 * visible ones, by LIKE per column (the text index spans every keyword column, so it cannot leave
 * one out): otherwise a keyword matching only inside the hidden value would tell, row by row and
 * character by character, what that value is. With every keyword field hidden, nothing matches.
 */
function keywordSql(model: CompiledModel, keyword: string, ctx: ReadScope, plan: ReadPlan): RawBuilder<unknown> {
  const hidden = hiddenKeywordFields(model, ctx);
  if (hidden.length === 0) return model.adapter.textSearch.keywordCondition(model.keywordSearch, keyword, KEYWORD_USE[plan]);
  const columns = model.keywordSearch.columns.filter((column) => !hidden.some((f) => f.column === column));
  if (columns.length === 0) return sql`1 = 0`;
  return model.adapter.textSearch.keywordCondition({ ...model.keywordSearch, columns }, keyword, 'filter');
}

/**
 * How many rows a 'scan' read of this filter visits when it starts from the text index: the index's
 * matches of the keyword over the whole table (every tenant's: the index spans the table), counted by
 * the returned statement. Null when the scan reads every row of the table (no keyword, one no index
 * serves, or one that must leave a hidden field out and is tested by LIKE, as keywordSql decides).
 */
export function scanMatchesSql(model: CompiledModel, parts: WhereParts, ctx: ReadScope): RawBuilder<{ total: number | string }> | null {
  if (!parts.keyword || hiddenKeywordFields(model, ctx).length > 0) return null;
  return model.adapter.textSearch.indexedMatches(model.keywordSearch, parts.keyword);
}

/**
 * The client's filters AND-ed with the tenant and data scope. The advanced query and the scope are
 * parenthesised, so an "or" can never reach past the tenant or scope condition.
 */
export function whereSql(
  model: CompiledModel,
  parts: WhereParts,
  ctx: ReadScope,
  plan: ReadPlan = 'index',
  extra: RawBuilder<unknown>[] = [],
): RawBuilder<unknown> {
  const all: RawBuilder<unknown>[] = [];
  if (model.tenant) all.push(sql`${plan === 'scan' ? model.adapter.paging.unindexed(model.tenant.ref) : model.tenant.ref} = ${ctx.tenantId}`);
  if (model.tenancy) all.push(model.tenancy.rowsOf(ctx.tenantId, model.adapter.paging.unindexed));
  if (ctx.scope.condition) all.push(ctx.scope.condition);
  all.push(...filterConditions(model, parts, ctx, plan), ...extra);
  return all.length > 0 ? sql`where ${sql.join(all, AND)}` : sql``;
}

/**
 * The client's filters alone (keyword, fields, advanced query), without the tenant and data scope
 * (ctx only says which fields the caller's roles hide from the keyword).
 */
export function filterConditions(model: CompiledModel, parts: WhereParts, ctx: ReadScope, plan: ReadPlan = 'index'): RawBuilder<unknown>[] {
  const all: RawBuilder<unknown>[] = [];
  for (const c of parts.filters) all.push(conditionSql(model, c));
  if (parts.keyword) all.push(keywordSql(model, parts.keyword, ctx, plan));
  if (parts.superQuery.length > 0) {
    all.push(
      sql`(${sql.join(
        parts.superQuery.map((c) => conditionSql(model, c)),
        parts.matchType === 'or' ? OR : AND,
      )})`,
    );
  }
  return all;
}

/**
 * A stable text of everything that bounds a list read (tenant, data scope, filters): what cached
 * totals and anchors are keyed by, so a total counted in one scope is never served in another.
 */
export function filterKey(parts: WhereParts, ctx: ReadScope): string {
  const conditions = (list: Condition[]) => list.map((c) => [c.field.name, c.rule, c.value]);
  // the keyword's reach depends on the fields the caller's roles hide: part of the key, so a total
  // counted over a hidden field is never served to a caller who may not search it
  const keyword = parts.keyword === null ? null : [parts.keyword, ...[...(ctx.scope.fields?.hidden ?? [])].sort()];
  return JSON.stringify([ctx.tenantId, ctx.scope.key, conditions(parts.filters), keyword, conditions(parts.superQuery), parts.matchType]);
}

export function orderSql(sort: ListQuery['sort'], model: CompiledModel, plan: ReadPlan = 'index'): RawBuilder<unknown> {
  // id follows the sort's direction so one index (…, column, id) serves the whole ORDER BY
  const direction = sql.raw(sort.order);
  const term = (ref: RawBuilder<unknown>) => (plan === 'scan' ? model.adapter.paging.unindexed(ref) : ref);
  if (sort.field === model.id) return sql`order by ${term(model.id.ref)} ${direction}`;
  return sql`order by ${term(sort.field.ref)} ${direction}, ${term(model.id.ref)} ${direction}`;
}

/**
 * 'index': walk the (tenant, sort column, id) index and test the filter row by row — cheap while
 * matches are dense. 'probe': the same walk, testing the keyword against the text index's matches
 * (listed once) rather than each row's text — for a sparse keyword the index serves, where the walk
 * visits many rows per match. 'scan' (where the adapter's paging.scanPlans): the tenant and sort
 * terms are made unindexable, so the database scans once (or reads the text index's matches) and
 * sorts the few matches — what a selective filter needs, where the index walk would visit most of
 * the table in random order. 'set': a read of the whole filtered set (counts, page anchors); the
 * keyword is looked up in the text index.
 */
export type ReadPlan = 'index' | 'probe' | 'scan' | 'set';
