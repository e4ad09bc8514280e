import { sql } from 'kysely';
import type { Lang, LookupDef, Scalar } from '../../runtime/model/types.js';
import { appError } from '../errors.js';
import type { CompiledModel } from './compileModel.js';
import type { EngineEnv } from './engineEnv.js';
import { filterValue } from './conditions.js';
import type { ListQuery } from './listQuery.js';
import type { Row } from './toDictText.js';
import { filterKey, orderSql, whereSql } from './whereSql.js';

export interface ListPage {
  rows: Row[];
  total: number;
}

/**
 * One page and the total of the filtered set. The total is counted only when it cannot be known
 * otherwise: a page that is not full ends the set (total = offset + rows), and a full page reuses
 * the cached count of the same filter (totalCache.ts).
 */
export async function listRecords(env: EngineEnv, model: CompiledModel, q: ListQuery, tenantId: number, lang: Lang): Promise<ListPage> {
  const where = whereSql(model, q, tenantId);
  const offset = (q.pageNo - 1) * q.pageSize;
  const columns = q.projection ? sql.join(q.projection.map((f) => f.select)) : model.selectList;
  const generation = env.totals.generation(model.tableName);
  const { rows } = await sql<Row>`select ${columns} from ${model.table} ${where} ${orderSql(q.sort, model)} limit ${q.pageSize} offset ${offset}`.execute(env.reader);
  const key = `${tenantId}\u0000${filterKey(q)}`;
  let total: number;
  if (rows.length < q.pageSize && (rows.length > 0 || offset === 0)) {
    total = offset + rows.length;
    env.totals.remember(model.tableName, key, total, generation);
  } else {
    const counted = await env.totals.count(model.tableName, key, async () => {
      const result = await sql<{ total: number | string }>`select count(*) as total from ${model.table} ${where}`.execute(env.reader);
      return Number(result.rows[0]?.total ?? 0);
    });
    // a total cached before writes the engine did not see may lag behind the page we hold
    total = rows.length > 0 ? Math.max(counted, offset + rows.length) : counted;
  }
  const dictFields = q.projection ? model.dictFields.filter((f) => q.projection!.includes(f)) : model.dictFields;
  return { rows: await env.toDictText(rows, dictFields, lang), total };
}

/** One record of the caller's tenant, or CL_ERR_RECORD_NOT_FOUND. */
export async function getRecord(env: EngineEnv, model: CompiledModel, id: string, tenantId: number, lang: Lang): Promise<Row> {
  const scope = model.tenant ? sql` and ${model.tenant.ref} = ${tenantId}` : sql``;
  const { rows } = await sql<Row>`select ${model.selectList} from ${model.table} where ${model.id.ref} = ${id}${scope}`.execute(env.reader);
  if (rows.length === 0) throw appError('CL_ERR_RECORD_NOT_FOUND');
  return (await env.toDictText(rows, model.dictFields, lang))[0]!;
}

export type LookupReader = (tenantId: number) => Promise<Record<string, unknown>[]>;

/** A read-only projection (api.lookups): where-filtered, tenant-scoped, in the model's default order. */
export function createLookupReader(env: EngineEnv, model: CompiledModel, lookup: LookupDef): LookupReader {
  const outputs = Object.entries(lookup.fields).map(([out, name]) => [out, model.fields.get(name)!] as const);
  const columns = sql.join([...new Set(outputs.map(([, f]) => f))].map((f) => f.select));
  const fixed = Object.entries(lookup.where ?? {}).map(([name, value]) => {
    const field = model.fields.get(name)!;
    return sql`${field.ref} = ${filterValue(field, value as Scalar, 'eq')}`;
  });
  const order = orderSql(model.defaultSort, model);
  return async (tenantId) => {
    const conditions = model.tenant ? [sql`${model.tenant.ref} = ${tenantId}`, ...fixed] : fixed;
    const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    const { rows } = await sql<Row>`select ${columns} from ${model.table} ${where} ${order}`.execute(env.reader);
    return rows.map((row) => Object.fromEntries(outputs.map(([out, field]) => [out, row[field.name] ?? null])));
  };
}
