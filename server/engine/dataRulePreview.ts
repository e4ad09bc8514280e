import { sql, type Kysely } from 'kysely';
import { appError } from '../errors.js';
import type { CompiledModel } from './compileModel.js';
import { compileScope } from './dataScopeCompile.js';
import { scopeUserOf } from './dataScopeCache.js';
import type { DataRule } from './dataScopeRules.js';
import type { OperationHook } from './hookRegistry.js';
import { scopeConditions } from './whereSql.js';

const NO_SCOPE = { condition: null, key: '' };

/**
 * system.previewDataRule (GET /sys/dataRule/preview?id=&userId=): how many rows of the rule's model
 * the rule leaves visible, next to how many the tenant holds, with the values of the signed-in user or
 * of another user of the tenant (userId). The rule is compiled exactly as a role holding only it would
 * be (dataScopeCompile.ts), so the preview is the rule's real effect; a rule that cannot be evaluated
 * for that user shows 0, as it fails closed.
 */
export function createPreviewDataRule(compiledById: (id: string) => CompiledModel | undefined): OperationHook {
  return async (ctx) => {
    const record = ctx.record!;
    const model = compiledById(String(record.modelId));
    if (!model) throw appError('CL_ERR_DATA_RULE_MODEL_UNKNOWN', { model: String(record.modelId).slice(0, 100) });
    const { auth, tenantId } = ctx.context;
    let user = { userId: auth.userId, username: auth.username, orgCode: auth.orgCode, tenantId };
    const asUser = ctx.query.userId;
    if (asUser) {
      const { rows } = await sql<{ id: string; username: string; orgCode: string | null }>`select u.id, u.username, u.org_code as "orgCode" from sys_user u
        where u.id = ${asUser} and u.id in (select user_id from sys_user_tenant where tenant_id = ${tenantId})`.execute(ctx.db);
      if (!rows[0]) throw appError('CL_ERR_RECORD_NOT_FOUND');
      user = { userId: rows[0].id, username: rows[0].username, orgCode: rows[0].orgCode, tenantId };
    }
    const rule: DataRule = {
      kind: record.kind as DataRule['kind'],
      field: (record.field as string | null) ?? null,
      operator: (record.operator as DataRule['operator']) ?? null,
      valueFrom: (record.valueFrom as DataRule['valueFrom']) ?? null,
      value: (record.value as string | null) ?? null,
    };
    const scope = await compileScope(model, [[rule]], await scopeUserOf(ctx.db.withoutPlugins() as unknown as Kysely<unknown>, user));
    const tenant = scopeConditions(model, { tenantId, scope: NO_SCOPE });
    const count = async (extra: typeof tenant) => {
      const all = [...tenant, ...extra];
      const where = all.length > 0 ? sql`where ${sql.join(all, sql` and `)}` : sql``;
      const { rows } = await sql<{ total: number | string }>`select count(*) as total from ${model.table} ${where}`.execute(ctx.db);
      return Number(rows[0]?.total ?? 0);
    };
    return { visible: await count(scope.condition ? [scope.condition] : []), total: await count([]) };
  };
}
