import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { appError } from '../errors.js';

/** Who acts: a user in the tenant of the request (only that tenant's roles count). */
interface Actor {
  userId: string;
  tenantId: number;
}

/** The enabled roles the caller acts with in their tenant, as the `from … where` of a subquery naming each `ur`. */
export function callerRolesSql(actor: Actor): RawBuilder<unknown> {
  return sql`from sys_user_role ur join sys_role mr on mr.id = ur.role_id and mr.status = 1 and mr.tenant_id = ${actor.tenantId}
    where ur.user_id = ${actor.userId}`;
}

/**
 * Whether a data rule restricts the caller on the model `modelId` (an SQL expression): every enabled role of
 * theirs has an enabled rule there other than kind all (roles are OR-ed, so one role without such a rule sees
 * every row). A restricted caller may not lift or loosen what confines them.
 */
export function restrictedOnModelSql(actor: Actor, modelId: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(exists (select 1 ${callerRolesSql(actor)})
    and not exists (select 1 ${callerRolesSql(actor)} and not exists (select 1 from sys_role_data_rule mine
      join sys_data_rule md on md.id = mine.rule_id and md.enabled = 1 and md.kind <> 'all'
      where mine.role_id = ur.role_id and md.model_id = ${modelId})))`;
}

/**
 * Refuses loosening (editing its condition or model, switching it off) or deleting data rules that are enabled,
 * granted to a role and on a model where a data rule restricts the caller: the rule confines every role holding
 * it, the caller's own included, as the role-rule links of grantReach.ts. Rules of another tenant are left to the
 * write's own check (answered like unknown ids). CL_ERR_RESTRICTION_NOT_LIFTABLE, nothing written.
 */
export async function assertDataRulesNotLifted(db: Kysely<Database>, actor: Actor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const { rows } = await sql`select 1 as hit from sys_data_rule dr
    where dr.id in (${sql.join([...ids])}) and dr.tenant_id = ${actor.tenantId} and dr.enabled = 1
      and exists (select 1 from sys_role_data_rule rr where rr.rule_id = dr.id)
      and ${restrictedOnModelSql(actor, sql`dr.model_id`)}
    limit 1`.execute(db);
  if (rows.length > 0) throw appError('CL_ERR_RESTRICTION_NOT_LIFTABLE');
}
