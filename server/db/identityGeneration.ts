import { sql, type Kysely } from 'kysely';
import type { QuickReads } from './slowReads.js';

/**
 * The identity generation: one counter row that every write to a table a caller's identity is derived
 * from (IDENTITY_TABLES) increments in the writing transaction itself, by a database trigger
 * (DdlRole.bumpOnWrite). Writes from any path count alike: the engine, hooks, imports, a script, another
 * server on the same database. A request reads the counter with its session (one indexed row) and
 * reuses what it derived about its caller under the same value (auth/identify.ts, engine/dataScopeCache.ts).
 * Created by migration 0012; its triggers come with each table (engine/syncModelTables.ts), because
 * model sync, not a migration, creates the tables on a new database.
 */
export const IDENTITY_COUNTER = 'sys_identity_generation';

/** The one row of IDENTITY_COUNTER. */
export const IDENTITY_COUNTER_ID = 1;

/**
 * Who a user is and may do in a tenant: the user row, tenants and memberships, roles and their
 * members, permissions and grants, departments and memberships, data rules, their grants and
 * field restrictions.
 */
export const IDENTITY_TABLES: ReadonlySet<string> = new Set([
  'sys_user',
  'sys_tenant',
  'sys_user_tenant',
  'sys_role',
  'sys_user_role',
  'sys_permission',
  'sys_role_permission',
  'sys_depart',
  'sys_user_depart',
  'sys_data_rule',
  'sys_role_data_rule',
  'sys_role_field',
]);

/** The counter as a string (bigint: the PostgreSQL driver answers text), for equality only. */
export type IdentityGeneration = string;

/** The select-list term reading the counter, for a query that reads it with other things. */
export function identityGenerationTerm() {
  return sql<IdentityGeneration>`(select g.generation from ${sql.table(IDENTITY_COUNTER)} g where g.id = ${IDENTITY_COUNTER_ID})`;
}

/** Reads the counter on its own (committed data, outside any transaction). */
export function createIdentityGenerationRead(db: Kysely<unknown>, quick: QuickReads): () => Promise<IdentityGeneration> {
  const compiled = sql<{ generation: unknown }>`select ${identityGenerationTerm()} as generation`.compile(db);
  return async () => {
    const [row] = await quick.all<{ generation: unknown }>(compiled);
    return String(row?.generation ?? '');
  };
}
