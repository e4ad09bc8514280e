import { sql } from 'kysely';
import { createIdentityGenerationRead } from '../db/identityGeneration.js';
import type { CompiledModel } from '../engine/compileModel.js';
import type { DataScope } from '../engine/dataScope.js';
import type { EngineEnv } from '../engine/engineEnv.js';
import { withoutHidden } from '../engine/fieldAccess.js';
import { keyValue } from '../engine/refTexts.js';
import { scopeConditions } from '../engine/whereSql.js';
import type { AuthContext } from '../plugins/accessPlugin.js';
import { updateFrame, type TableUpdate } from './tableFrames.js';

/** A socket an update may go to, and who holds it. */
export interface TableReceiver {
  auth: AuthContext;
}

/**
 * What each receiver of one update gets: the frame text, or null (nothing). `record` is the page's
 * record (`model:<id>`), null for a page of the whole model.
 */
export type TableGate = (model: CompiledModel, record: string | null, update: TableUpdate, receivers: readonly TableReceiver[]) => Promise<(string | null)[]>;

/**
 * Decides per receiver what a live-table update may show them, as the model's own reads would:
 *
 * - The update belongs to a record of the page's model: the page's record, or on a page of the whole
 *   model the row's own id. A receiver gets it only when that record is in their tenant and data scope
 *   on the model (the rules their roles grant, sub-record tabs bounded by their parent, as every read).
 *   A row whose id names no record of the model (the rows of a JSON field on a page of the whole model)
 *   cannot be placed: it goes only to receivers the model's data rules do not restrict.
 * - The row is the record itself: cells the receiver's roles hide (field access) are left out. Rows
 *   inside a record (a narrowed page, or a row that is no record) may be the content of a hidden field:
 *   they do not go to a receiver whose roles hide any field of the model.
 *
 * A row that leaves a receiver's scope is not sent (the client protocol has no removal frame). The cost
 * does not grow with the receivers in queries: one read of the identity generation (the receivers'
 * scopes are then the cached ones, dataScopeCache.ts) and one query testing the record against every
 * distinct scope among them at once.
 */
export function createTableGate(env: EngineEnv): TableGate {
  const identityGeneration = createIdentityGenerationRead(env.reader, env.quick);
  return async (model, record, update, receivers) => {
    if (receivers.length === 0) return [];
    const generation = await identityGeneration();
    const scopes = await Promise.all(receivers.map((r) => env.scopeOf({ ...r.auth, identityGeneration: generation }, model)));
    // receivers acting in the same tenant under the same rules share one test
    const tests: { tenantId: number; scope: DataScope }[] = [];
    const testIndex = new Map<string, number>();
    const testOf = receivers.map((r, i) => {
      const scope = scopes[i]!;
      const key = `${r.auth.tenantId}\u0000${scope.key}`;
      let index = testIndex.get(key);
      if (index === undefined) testIndex.set(key, (index = tests.push({ tenantId: r.auth.tenantId, scope }) - 1));
      return index;
    });
    const id = keyValue(model, record ?? String(update.row.id));
    let inReach: boolean[] | null = null;
    if (id !== null) {
      const columns = tests.map((test, i) => {
        const conditions = scopeConditions(model, test);
        const holds = conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`1 = 1`;
        return sql`case when ${holds} then 1 else 0 end as ${sql.id(`g${i}`)}`;
      });
      const query = sql<Record<string, unknown>>`select ${sql.join(columns)} from ${model.table} where ${model.id.ref} = ${id}`;
      const [row] = await env.quick.all<Record<string, unknown>>(query.compile(env.reader));
      if (row) inReach = tests.map((_, i) => Number(row[`g${i}`]) === 1);
    }
    const isRecord = record === null && inReach !== null;
    const whole = updateFrame(update);
    return receivers.map((_, i) => {
      const scope = scopes[i]!;
      const reached = inReach ? inReach[testOf[i]!]! : scope.condition === null;
      if (!reached) return null;
      const hidden = scope.fields?.hidden;
      if (!hidden || hidden.size === 0) return whole;
      return isRecord ? updateFrame(update, withoutHidden([update.row], scope.fields)[0]) : null;
    });
  };
}
