import { sql } from 'kysely';
import systemFields from '../../schemas/meta/system-fields.json' with { type: 'json' };
import { coerceValue } from '../../runtime/model/fieldRules.js';
import type { FieldDef, ModelFile } from '../../runtime/model/types.js';
import { appError } from '../errors.js';
import type { CompiledModel } from './compileModel.js';
import { createPreviewDataRule } from './dataRulePreview.js';
import { assertDataRulesNotLifted } from './dataRuleReach.js';
import type { DataRule } from './dataScopeRules.js';
import { copyHooks, createHookRegistry, type BeforeSaveContext, type HookRegistry } from './hookRegistry.js';

const SYSTEM_DEFS = Object.fromEntries(Object.entries(systemFields).filter(([k]) => k !== '$comment')) as Record<string, FieldDef>;
const TEXTUAL = new Set(['string', 'text', 'date', 'datetime']);
const RULE_FIELDS = ['kind', 'field', 'operator', 'valueFrom', 'value'] as const;

/** The fields a rule may compare on a model: declared and system fields, never secrets. */
function ruleFieldDef(model: ModelFile, name: string): FieldDef | undefined {
  const declared = Object.hasOwn(model.entity.fields, name) ? model.entity.fields[name] : undefined;
  if (declared) return declared.secret ? undefined : declared;
  if (name === 'tenantId' && model.entity.tenantScoped === false) return undefined;
  return Object.hasOwn(SYSTEM_DEFS, name) ? SYSTEM_DEFS[name] : undefined;
}

function literalSuits(def: FieldDef, rule: DataRule): boolean {
  if (rule.operator === 'like') return TEXTUAL.has(def.type);
  const items =
    rule.operator === 'in'
      ? rule
          .value!.split(',')
          .map((v) => v.trim())
          .filter((v) => v !== '')
      : [rule.value!];
  return items.length > 0 && items.every((item) => coerceValue(def.type, item).ok);
}

/** The rule as stored, for an update ({} for a create). */
async function storedRule(ctx: BeforeSaveContext): Promise<Record<string, unknown>> {
  if (ctx.mode !== 'update') return {};
  const { rows } = await sql<Record<string, unknown>>`select model_id as "modelId", kind, field, operator, value_from as "valueFrom", value, enabled
    from sys_data_rule where id = ${ctx.id}`.execute(ctx.db);
  return rows[0] ?? {};
}

/** Whether an update loosens the stored rule as far as anyone can tell: it changes its model or condition, or switches it off. */
function loosens(stored: Record<string, unknown>, values: Record<string, unknown>): boolean {
  const blank = (value: unknown) => (value === undefined || value === null || value === '' ? null : String(value));
  const changed = (['modelId', ...RULE_FIELDS] as const).some((name) => name in values && blank(values[name]) !== blank(stored[name]));
  return changed || ('enabled' in values && Number(values.enabled) !== 1);
}

/** A rule as it will be stored (an update sends only what changed: the rest comes from the row). */
function ruleAfterWrite(stored: Record<string, unknown>, ctx: BeforeSaveContext): DataRule & { modelId: string } {
  const merged = { ...stored, ...ctx.values } as Record<string, unknown>;
  const text = (name: string) => (typeof merged[name] === 'string' && merged[name] !== '' ? (merged[name] as string) : null);
  return {
    modelId: text('modelId') ?? '',
    kind: text('kind') as DataRule['kind'],
    field: text('field'),
    operator: text('operator') as DataRule['operator'],
    valueFrom: text('valueFrom') as DataRule['valueFrom'],
    value: text('value'),
  };
}

/**
 * system.checkDataRule (beforeSave of system.dataRule, also before its state operation): a rule names a
 * model that exists and, for a field rule, a field of that model, an operator and exactly one value (from
 * the user, or a literal of the field's type). Department rules need a model that declares
 * entity.scope.department. Parts a kind does not use are cleared, so a stored rule never carries a stray
 * condition. A rule granted to a role confines every role holding it, so one restricting the caller's own
 * model is not loosened by them (dataRuleReach.ts; its deletes are guarded alike).
 */
export function createCheckDataRule(modelById: (id: string) => ModelFile | undefined) {
  return async (ctx: BeforeSaveContext): Promise<Record<string, unknown>> => {
    const stored = await storedRule(ctx);
    if (ctx.mode === 'update' && loosens(stored, ctx.values))
      await assertDataRulesNotLifted(ctx.db, { userId: ctx.auth.userId, tenantId: ctx.context.tenantId }, [ctx.id]);
    // the state operation hands over the new state alone: the rest of the rule is as stored
    if (ctx.mode === 'update' && Object.keys(ctx.values).every((name) => name === 'enabled')) return ctx.values;
    const rule = ruleAfterWrite(stored, ctx);
    const model = modelById(rule.modelId);
    if (!model) throw appError('CL_ERR_DATA_RULE_MODEL_UNKNOWN', { model: rule.modelId.slice(0, 100) });
    if ((rule.kind === 'department' || rule.kind === 'departmentTree') && !model.entity.scope?.department) {
      throw appError('CL_ERR_DATA_RULE_NO_DEPARTMENT', { model: model.id });
    }
    if (rule.kind !== 'field') {
      const cleared = Object.fromEntries(RULE_FIELDS.filter((name) => name !== 'kind').map((name) => [name, null]));
      return { ...ctx.values, ...cleared };
    }
    if (!rule.field || !rule.operator || (rule.valueFrom === null) === (rule.value === null)) throw appError('CL_ERR_DATA_RULE_INCOMPLETE');
    const def = ruleFieldDef(model, rule.field);
    if (!def) throw appError('CL_ERR_DATA_RULE_FIELD_UNKNOWN', { model: model.id, field: rule.field });
    const listFromUser = rule.valueFrom === 'user.departIds';
    const suits =
      rule.valueFrom === null
        ? literalSuits(def, rule)
        : listFromUser
          ? ['eq', 'ne', 'in'].includes(rule.operator)
          : rule.operator !== 'like' || TEXTUAL.has(def.type);
    if (!suits) throw appError('CL_ERR_DATA_RULE_VALUE_INVALID', { field: rule.field });
    return ctx.values;
  };
}

/**
 * system.checkRoleDataRule (beforeSave of system.roleDataRule): the role and the rule exist in the
 * writer's tenant (another tenant's role or rule answers like an unknown one), and the grant is not there yet.
 */
export async function checkRoleDataRule(ctx: BeforeSaveContext): Promise<void> {
  let stored: { roleId?: string; ruleId?: string } = {};
  if (ctx.mode === 'update') {
    const { rows } = await sql<{
      roleId: string;
      ruleId: string;
    }>`select role_id as "roleId", rule_id as "ruleId" from sys_role_data_rule where id = ${ctx.id}`.execute(ctx.db);
    stored = rows[0] ?? {};
  }
  const { roleId, ruleId } = { ...stored, ...ctx.values } as { roleId?: string; ruleId?: string };
  const { rows } = await sql<{ roles: number | string; rules: number | string; grants: number | string }>`select
      (select count(*) from sys_role where id = ${roleId ?? null} and tenant_id = ${ctx.context.tenantId}) as roles,
      (select count(*) from sys_data_rule where id = ${ruleId ?? null} and tenant_id = ${ctx.context.tenantId}) as rules,
      (select count(*) from sys_role_data_rule where role_id = ${roleId ?? null} and rule_id = ${ruleId ?? null} and id <> ${ctx.id}) as grants`.execute(
    ctx.db,
  );
  const found = rows[0]!;
  if (Number(found.roles) !== 1 || Number(found.rules) !== 1 || Number(found.grants) !== 0) throw appError('CL_ERR_DATA_RULE_GRANT_INVALID');
}

/**
 * system.checkRoleField (beforeSave of system.roleField): a field restriction names a model that exists
 * and one of its declared fields (system stamps and the id are not restrictable: lists and saves need them).
 */
export function createCheckRoleField(modelById: (id: string) => ModelFile | undefined) {
  return async (ctx: BeforeSaveContext): Promise<void> => {
    let stored: Record<string, unknown> = {};
    if (ctx.mode === 'update') {
      const { rows } = await sql<Record<string, unknown>>`select model_id as "modelId", field from sys_role_field where id = ${ctx.id}`.execute(ctx.db);
      stored = rows[0] ?? {};
    }
    const { modelId, field } = { ...stored, ...ctx.values } as { modelId?: string; field?: string };
    const model = modelById(String(modelId ?? ''));
    if (!model) throw appError('CL_ERR_DATA_RULE_MODEL_UNKNOWN', { model: String(modelId ?? '').slice(0, 100) });
    if (!field || !Object.hasOwn(model.entity.fields, field))
      throw appError('CL_ERR_ROLE_FIELD_UNKNOWN', { model: model.id, field: String(field ?? '').slice(0, 60) });
  };
}

/** The engine's own named hooks, registered beside the application's. */
export function registerDataRuleHooks(
  hooks: HookRegistry,
  modelById: (id: string) => ModelFile | undefined,
  compiledById: (id: string) => CompiledModel | undefined,
): void {
  hooks.register('system.checkDataRule', createCheckDataRule(modelById), {
    onStateToggle: true,
    beforeDelete: (write, ids) => assertDataRulesNotLifted(write.trx, { userId: write.context.auth.userId, tenantId: write.context.tenantId }, ids),
  });
  hooks.register('system.checkRoleDataRule', checkRoleDataRule);
  hooks.register('system.checkRoleField', createCheckRoleField(modelById));
  hooks.registerOperation('system.previewDataRule', createPreviewDataRule(compiledById), { query: ['userId', 'roleId'] });
}

/** The application's hooks plus the engine's own (data rules), in a registry of this app's. */
export function withEngineHooks(
  app: HookRegistry | undefined,
  modelById: (id: string) => ModelFile | undefined,
  compiledById: (id: string) => CompiledModel | undefined,
): HookRegistry {
  const hooks = createHookRegistry();
  registerDataRuleHooks(hooks, modelById, compiledById);
  copyHooks(app, hooks);
  return hooks;
}
