import { sql, type Kysely } from 'kysely';
import { appError } from '../errors.js';
import type { CompiledModel } from './compileModel.js';
import { compileScope } from './dataScopeCompile.js';
import { scopeUserOf } from './dataScopeCache.js';
import type { DataRule } from './dataScopeRules.js';
import type { OperationHook } from './hookRegistry.js';
import { scopeConditions } from './whereSql.js';

const NO_SCOPE = { condition: null, key: '' };
/** how many members of a role the preview counts one by one (the first by account name); memberCount says how many there are */
export const PREVIEW_MEMBERS = 20;

type RuleRow = Pick<DataRule, 'kind' | 'field' | 'operator' | 'valueFrom' | 'value'> & { id: string };

const ruleOf = (row: Record<string, unknown>): DataRule => ({
  kind: row.kind as DataRule['kind'],
  field: (row.field as string | null) ?? null,
  operator: (row.operator as DataRule['operator']) ?? null,
  valueFrom: (row.valueFrom as DataRule['valueFrom']) ?? null,
  value: (row.value as string | null) ?? null,
});

/**
 * system.previewDataRule (GET /sys/dataRule/preview?id=&userId=|roleId=): how many rows of the rule's
 * model the rule leaves visible, next to how many the tenant holds, with the values of the signed-in user
 * or of another user of the tenant (userId). The rule is compiled exactly as a role holding only it would
 * be (dataScopeCompile.ts), so the preview is the rule's real effect; a rule that cannot be evaluated
 * for that user shows 0, as it fails closed. `roles` names the tenant's roles that hold the rule.
 *
 * As a role (roleId, a role of the tenant): what the role's members would see through that role, with
 * this rule among its enabled rules on the model (AND-ed, as the engine applies one role's rules; a
 * member's other roles, which the engine ORs in, are left out): `members` counts it for each of the first
 * PREVIEW_MEMBERS members by account name, with each one's own values (departments…), of `memberCount`.
 */
export function createPreviewDataRule(compiledById: (id: string) => CompiledModel | undefined): OperationHook {
  return async (ctx) => {
    const record = ctx.record!;
    const model = compiledById(String(record.modelId));
    if (!model) throw appError('CL_ERR_DATA_RULE_MODEL_UNKNOWN', { model: String(record.modelId).slice(0, 100) });
    const { auth, tenantId } = ctx.context;
    let user = { userId: auth.userId, username: auth.username, orgCode: auth.orgCode, tenantId };
    const asUser = ctx.query.userId;
    const asRole = ctx.query.roleId;
    if (asUser && asRole) throw appError('CL_ERR_BAD_REQUEST', { detail: 'userId, roleId' });
    if (asUser) {
      const { rows } = await sql<{ id: string; username: string; orgCode: string | null }>`select u.id, u.username, u.org_code as "orgCode" from sys_user u
        where u.id = ${asUser} and u.id in (select user_id from sys_user_tenant where tenant_id = ${tenantId})`.execute(ctx.db);
      if (!rows[0]) throw appError('CL_ERR_RECORD_NOT_FOUND');
      user = { userId: rows[0].id, username: rows[0].username, orgCode: rows[0].orgCode, tenantId };
    }
    const rule = ruleOf(record);
    const reader = ctx.db.withoutPlugins() as unknown as Kysely<unknown>;
    const tenant = scopeConditions(model, { tenantId, scope: NO_SCOPE });
    const count = async (extra: typeof tenant) => {
      const all = [...tenant, ...extra];
      const where = all.length > 0 ? sql`where ${sql.join(all, sql` and `)}` : sql``;
      const { rows } = await sql<{ total: number | string }>`select count(*) as total from ${model.table} ${where}`.execute(ctx.db);
      return Number(rows[0]?.total ?? 0);
    };
    const visibleTo = async (rules: DataRule[], as: typeof user) => {
      const scope = await compileScope(model, [rules], await scopeUserOf(reader, as));
      return count(scope.condition ? [scope.condition] : []);
    };
    const total = await count([]);
    const { rows: roles } = await sql<{ id: string; roleName: string }>`select r.id, r.role_name as "roleName"
      from sys_role_data_rule rr join sys_role r on r.id = rr.role_id
      where rr.rule_id = ${String(record.id)} and r.tenant_id = ${tenantId} order by r.role_name, r.id`.execute(ctx.db);
    if (!asRole) return { visible: await visibleTo([rule], user), total, roles };

    const { rows: found } = await sql<{ id: string; roleName: string }>`select id, role_name as "roleName" from sys_role
      where id = ${asRole} and tenant_id = ${tenantId}`.execute(ctx.db);
    if (!found[0]) throw appError('CL_ERR_RECORD_NOT_FOUND');
    const { rows: held } = await sql<RuleRow>`select dr.id, dr.kind, dr.field, dr.operator, dr.value_from as "valueFrom", dr.value
      from sys_role_data_rule rr join sys_data_rule dr on dr.id = rr.rule_id
      where rr.role_id = ${asRole} and dr.model_id = ${model.model.id} and dr.enabled = 1 and dr.tenant_id = ${tenantId} and dr.id <> ${String(record.id)}
      order by dr.id`.execute(ctx.db);
    const rules = [rule, ...held.map(ruleOf)];
    const inRole = sql`from sys_user_role ur join sys_user u on u.id = ur.user_id
      where ur.role_id = ${asRole} and u.id in (select user_id from sys_user_tenant where tenant_id = ${tenantId})`;
    const { rows: counted } = await sql<{ n: number | string }>`select count(*) as n ${inRole}`.execute(ctx.db);
    const { rows: members } = await sql<{ id: string; username: string; realname: string | null; orgCode: string | null }>`
      select u.id, u.username, u.realname, u.org_code as "orgCode" ${inRole} order by u.username, u.id limit ${PREVIEW_MEMBERS}`.execute(ctx.db);
    const perMember: { userId: string; username: string; realname: string | null; visible: number }[] = [];
    for (const member of members) {
      const visible = await visibleTo(rules, { userId: member.id, username: member.username, orgCode: member.orgCode, tenantId });
      perMember.push({ userId: member.id, username: member.username, realname: member.realname, visible });
    }
    return { total, roles, role: found[0], rules: rules.length, memberCount: Number(counted[0]?.n ?? 0), members: perMember };
  };
}
