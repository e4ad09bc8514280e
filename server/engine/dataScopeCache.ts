import { sql, type Kysely } from 'kysely';
import type { AuthContext } from '../plugins/accessPlugin.js';
import type { CompiledModel } from './compileModel.js';
import type { ScopeOf } from './context.js';
import type { DataScope } from './dataScope.js';
import { combineFieldAccess, type FieldRestriction } from './fieldAccess.js';
import { compileScope } from './dataScopeCompile.js';
import type { DataRule, RuleKind, RuleOperator, ScopeUser, UserValue } from './dataScopeRules.js';
import type { TableGenerations } from './tableCache.js';
import type { IdentityGeneration } from '../db/identityGeneration.js';

/** a user acting in one tenant: only that tenant's roles count */
type Grantee = Pick<AuthContext, 'userId' | 'tenantId'>;

/** Every table a user's data scope is derived from: a write through the engine to any of them drops the cached scopes. */
export const SCOPE_TABLES = ['sys_user_role', 'sys_role', 'sys_user_depart', 'sys_depart', 'sys_data_rule', 'sys_role_data_rule', 'sys_role_field'] as const;

export interface ScopeCacheOptions {
  maxUsers?: number;
}

/** The identity generation a request's caller was identified under (read again where the request did not read one). */
export type IdentityGenerationOf = (auth: AuthContext) => Promise<IdentityGeneration>;

interface RuleRow {
  roleId: string;
  modelId: string | null;
  kind: RuleKind | null;
  field: string | null;
  operator: RuleOperator | null;
  valueFrom: UserValue | null;
  value: string | null;
}

interface UserEntry {
  /** the identity generation (database) and the sum of this server's SCOPE_TABLES generations it was read under */
  identity: IdentityGeneration;
  local: number;
  /** the user's active roles, and per model id the rules each of them grants and the fields each restricts */
  rules: Promise<{ roleIds: string[]; byModel: Map<string, Map<string, DataRule[]>>; fieldsByModel: FieldsByModel }>;
  user: Promise<ScopeUser>;
  /** keyed by the compiled model object: a model released again compiles its scope again */
  scopes: WeakMap<CompiledModel, Promise<DataScope>>;
}

/** model id -> role id -> field -> restriction */
type FieldsByModel = Map<string, Map<string, Map<string, FieldRestriction>>>;

async function loadFieldRestrictions(reader: Kysely<unknown>, grantee: Grantee): Promise<FieldsByModel> {
  const { rows } = await sql<{ roleId: string; modelId: string; field: string; access: FieldRestriction }>`
    select rf.role_id as "roleId", rf.model_id as "modelId", rf.field as "field", rf.access as "access"
    from sys_user_role ur
    join sys_role ro on ro.id = ur.role_id and ro.status = 1 and ro.tenant_id = ${grantee.tenantId}
    join sys_role_field rf on rf.role_id = ur.role_id
    where ur.user_id = ${grantee.userId}`.execute(reader);
  const byModel: FieldsByModel = new Map();
  for (const row of rows) {
    const perRole = byModel.get(row.modelId) ?? new Map<string, Map<string, FieldRestriction>>();
    byModel.set(row.modelId, perRole);
    const fields = perRole.get(row.roleId) ?? new Map<string, FieldRestriction>();
    perRole.set(row.roleId, fields);
    // one role restricting a field twice: hidden is the stricter
    if (fields.get(row.field) !== 'hidden') fields.set(row.field, row.access);
  }
  return byModel;
}

async function loadRules(reader: Kysely<unknown>, grantee: Grantee): Promise<Awaited<UserEntry['rules']>> {
  // disabled roles grant nothing; a disabled rule is no rule; only the roles of the tenant the request
  // acts in count (another tenant's roles, and their rules, neither widen nor narrow this one's scope)
  const { rows } = await sql<RuleRow>`
    select ur.role_id as "roleId", dr.model_id as "modelId", dr.kind as "kind", dr.field as "field",
           dr.operator as "operator", dr.value_from as "valueFrom", dr.value as "value"
    from sys_user_role ur
    join sys_role ro on ro.id = ur.role_id and ro.status = 1 and ro.tenant_id = ${grantee.tenantId}
    left join sys_role_data_rule rr on rr.role_id = ur.role_id
    left join sys_data_rule dr on dr.id = rr.rule_id and dr.enabled = 1
    where ur.user_id = ${grantee.userId}
    order by ur.role_id, dr.id`.execute(reader);
  const roleIds = [...new Set(rows.map((r) => r.roleId))];
  const byModel = new Map<string, Map<string, DataRule[]>>();
  for (const row of rows) {
    if (row.modelId === null || row.kind === null) continue;
    const perRole = byModel.get(row.modelId) ?? new Map<string, DataRule[]>();
    byModel.set(row.modelId, perRole);
    const list = perRole.get(row.roleId) ?? [];
    perRole.set(row.roleId, list);
    list.push({ kind: row.kind, field: row.field, operator: row.operator, valueFrom: row.valueFrom, value: row.value });
  }
  return { roleIds, byModel, fieldsByModel: await loadFieldRestrictions(reader, grantee) };
}

/** The user's departments in the tenant acted in (an account shared with other tenants has departments there too). */
async function loadDepartIds(reader: Kysely<unknown>, userId: string, tenantId: number): Promise<string[]> {
  const { rows } = await sql<{ depId: string }>`select dep_id as "depId" from sys_user_depart where user_id = ${userId}
    and dep_id in (select id from sys_depart where tenant_id = ${tenantId}) order by dep_id`.execute(reader);
  return rows.map((r) => r.depId);
}

/** The departments and every descendant (sys_depart.parent_id); UNION, not UNION ALL, so a cycle ends. */
async function loadDepartTree(reader: Kysely<unknown>, departIds: string[]): Promise<string[]> {
  if (departIds.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    with recursive tree(id) as (
      select id from sys_depart where id in (${sql.join(departIds)})
      union
      select d.id from sys_depart d join tree t on d.parent_id = t.id
    )
    select id from tree order by id`.execute(reader);
  return rows.map((r) => r.id);
}

/** The values a data rule may take from a user (their departments read now, the department tree on first use). */
export async function scopeUserOf(
  reader: Kysely<unknown>,
  user: { userId: string; username: string; orgCode: string | null; tenantId: number },
): Promise<ScopeUser> {
  const departIds = await loadDepartIds(reader, user.userId, user.tenantId);
  let tree: Promise<string[]> | null = null;
  return {
    id: user.userId,
    username: user.username,
    orgCode: user.orgCode,
    tenantId: user.tenantId,
    departIds,
    departTree: () => (tree ??= loadDepartTree(reader, departIds)),
  };
}

/**
 * The data scope of a user on a model, cached per user (and tenant) while the identity generation the
 * request was identified under stands (a database trigger moves it in the transaction of any write to
 * the tables a scope derives from, by any server or script: db/identityGeneration.ts) and this server
 * wrote none of SCOPE_TABLES since (a hook reading a scope after its own write in the same request).
 * A request costs no query once its user's rules are cached: the admin and a scoped role pay the same.
 */
export function createScopeOf(
  reader: Kysely<unknown>,
  generations: TableGenerations,
  identityOf: IdentityGenerationOf,
  options: ScopeCacheOptions = {},
): ScopeOf {
  const maxUsers = options.maxUsers ?? 10_000;
  const users = new Map<string, UserEntry>();
  const localGeneration = () => SCOPE_TABLES.reduce((sum, table) => sum + generations.of(table), 0);

  async function entryFor(auth: AuthContext): Promise<UserEntry> {
    const key = `${auth.userId}\u0000${auth.tenantId}`;
    const local = localGeneration();
    const identity = await identityOf(auth);
    const cached = users.get(key);
    if (cached && cached.identity === identity && cached.local === local) return cached;
    const entry: UserEntry = {
      identity,
      local,
      rules: loadRules(reader, auth),
      user: scopeUserOf(reader, auth),
      scopes: new WeakMap(),
    };
    // a failed load is not cached: the next request tries again
    Promise.all([entry.rules, entry.user]).catch(() => {
      if (users.get(key) === entry) users.delete(key);
    });
    users.delete(key);
    users.set(key, entry);
    if (users.size > maxUsers) users.delete(users.keys().next().value!);
    return entry;
  }

  return async (auth, model) => {
    const entry = await entryFor(auth);
    let scope = entry.scopes.get(model);
    if (!scope) {
      scope = Promise.all([entry.rules, entry.user]).then(async ([rules, user]) => {
        const perRole = rules.byModel.get(model.model.id);
        const compiled = await compileScope(
          model,
          rules.roleIds.map((roleId) => perRole?.get(roleId) ?? []),
          user,
        );
        const restricted = rules.fieldsByModel.get(model.model.id);
        if (!restricted) return compiled;
        return {
          ...compiled,
          fields: combineFieldAccess(
            model,
            rules.roleIds.map((roleId) => restricted.get(roleId) ?? new Map()),
          ),
        };
      });
      entry.scopes.set(model, scope);
    }
    return scope;
  };
}
