import { sql, type RawBuilder } from 'kysely';
import type { Scalar } from '../../runtime/model/types.js';
import { AppError } from '../errors.js';
import type { CompiledField, CompiledModel } from './compileModel.js';
import { buildCondition, type Condition } from './conditions.js';
import { NOTHING, UNRESTRICTED, type DataScope } from './dataScope.js';
import type { DataRule, ScopeUser } from './dataScopeRules.js';
import { conditionSql } from './whereSql.js';

/** A rule compiled against one model and user: a condition, no restriction, or nothing (fail closed). */
type Part = { sql: RawBuilder<unknown>; key: unknown[] } | 'all' | 'none';

function usable(field: CompiledField | undefined): field is CompiledField {
  return field !== undefined && field.readable;
}

/** A checked condition or 'none': a value the column cannot compare with fails closed, never errs. */
function partOf(model: CompiledModel, field: CompiledField, rule: Condition['rule'], raw: Scalar | Scalar[] | null): Part {
  try {
    const condition = buildCondition(field, rule, raw);
    if (!condition) return 'none';
    return { sql: conditionSql(model, condition), key: [field.name, condition.rule, condition.value] };
  } catch (error) {
    if (error instanceof AppError) return 'none';
    throw error;
  }
}

function inPart(model: CompiledModel, field: CompiledField | undefined, ids: string[]): Part {
  return usable(field) && ids.length > 0 ? partOf(model, field, 'in', ids) : 'none';
}

function userValue(rule: DataRule, user: ScopeUser): Scalar | string[] | null {
  switch (rule.valueFrom) {
    case 'user.id':
      return user.id;
    case 'user.username':
      return user.username;
    case 'user.departIds':
      return user.departIds;
    case 'user.orgCode':
      return user.orgCode;
    case 'user.tenantId':
      return user.tenantId;
    default:
      return rule.value;
  }
}

function fieldPart(model: CompiledModel, rule: DataRule, user: ScopeUser): Part {
  const field = rule.field ? model.fields.get(rule.field) : undefined;
  if (!usable(field) || !rule.operator) return 'none';
  const value = userValue(rule, user);
  if (value === null || value === '') return 'none';
  if (Array.isArray(value)) {
    // a list from the user (their departments) compares as one of / none of
    if (rule.operator === 'eq' || rule.operator === 'in') return inPart(model, field, value);
    if (rule.operator !== 'ne') return 'none';
    const among = inPart(model, field, value);
    return typeof among === 'string' ? among : { sql: sql`not (${among.sql})`, key: ['not', ...among.key] };
  }
  return partOf(model, field, rule.operator, value);
}

async function rulePart(model: CompiledModel, rule: DataRule, user: ScopeUser): Promise<Part> {
  const scope = model.model.entity.scope;
  switch (rule.kind) {
    case 'all':
      return 'all';
    case 'own': {
      const owner = model.fields.get(scope?.owner ?? 'createBy');
      return usable(owner) ? partOf(model, owner, 'eq', user.username) : 'none';
    }
    case 'department':
      return inPart(model, scope?.department ? model.fields.get(scope.department) : undefined, user.departIds);
    case 'departmentTree':
      return scope?.department ? inPart(model, model.fields.get(scope.department), await user.departTree()) : 'none';
    case 'field':
      return fieldPart(model, rule, user);
    default:
      return 'none';
  }
}

/**
 * The data scope of one user on one model. `roles` holds, per active role of the user, the enabled
 * rules it grants on this model. A role without rules reaches every row (the admin default); the rules
 * of one role are AND-ed; roles are OR-ed. A rule that cannot be evaluated (no department field, a user
 * without departments, a field the model no longer has) matches nothing. A user without any active
 * role is restricted by no rule (their permission codes are what keeps them out).
 */
export async function compileScope(model: CompiledModel, roles: DataRule[][], user: ScopeUser): Promise<DataScope> {
  const groups = new Map<string, RawBuilder<unknown>>();
  for (const rules of roles) {
    if (rules.length === 0) return UNRESTRICTED;
    const parts = await Promise.all(rules.map((rule) => rulePart(model, rule, user)));
    if (parts.includes('none')) continue;
    const conditions = parts.filter((p): p is Exclude<Part, string> => typeof p !== 'string');
    if (conditions.length === 0) return UNRESTRICTED;
    const key = JSON.stringify(conditions.map((c) => c.key).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)));
    if (!groups.has(key))
      groups.set(
        key,
        sql`(${sql.join(
          conditions.map((c) => c.sql),
          sql` and `,
        )})`,
      );
  }
  if (roles.length === 0) return UNRESTRICTED;
  if (groups.size === 0) return NOTHING;
  const keys = [...groups.keys()].sort();
  return {
    condition: sql`(${sql.join(
      keys.map((k) => groups.get(k)!),
      sql` or `,
    )})`,
    key: JSON.stringify(keys),
  };
}
