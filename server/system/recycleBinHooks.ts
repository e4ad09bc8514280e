import { sql } from 'kysely';
import { revokeUserSessions } from '../auth/sessions.js';
import type { CompiledModel } from '../engine/compileModel.js';
import { ACCOUNT_TABLE } from '../engine/checkModel.js';
import type { HookRegistry, OperationHookContext } from '../engine/hookRegistry.js';
import type { ScopeOf } from '../engine/context.js';
import { keepsRecycleBin, RECYCLE_BIN_TABLE } from '../engine/recordHistory.js';
import { scopeConditions } from '../engine/whereSql.js';
import { holdsPermission } from '../auth/holdsPermission.js';
import { mapUniqueViolation } from '../engine/uniqueCheck.js';
import { appError } from '../errors.js';
import { translatorFor, type Translate } from '../i18n/translateText.js';
import { v2 } from '../../runtime/model/v2Parts.js';
import { assertTreeParent } from './treeHooks.js';

/** The compiled models the engine serves now (a release shows at once). */
export interface ServedModels {
  get(id: string): CompiledModel | undefined;
  all(): Iterable<CompiledModel>;
  /** the caller's data scope on a model */
  scopeOf: ScopeOf;
}

interface BinRow {
  id: string;
  modelId: string;
  recordId: string;
  data: Record<string, unknown>;
}

function binRowOf(ctx: OperationHookContext): BinRow {
  const record = ctx.record as Record<string, unknown>;
  const data = record.data;
  return {
    id: String(record.id),
    modelId: String(record.modelId),
    recordId: String(record.recordId),
    data: data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {},
  };
}

/**
 * Link models of `target`: models whose every declared field is a reference, one of them to `target`
 * (user–role, user–department, user–tenant, user–position). Their rows mean nothing without the record,
 * so purging it deletes them; restoring before that finds them still in place.
 */
function linkColumns(models: ServedModels, target: CompiledModel): { model: CompiledModel; column: string }[] {
  const links: { model: CompiledModel; column: string }[] = [];
  for (const model of models.all()) {
    const declared = [...model.fields.values()].filter((f) => !f.system);
    if (declared.length === 0 || !declared.every((f) => typeof f.def.ref === 'string')) continue;
    for (const field of declared) if (field.def.ref === target.model.id) links.push({ model, column: field.column });
  }
  return links;
}

/**
 * The recycle bin's operations (model system.recycleBin; the engine fills it for models with
 * entity.recycleBin): restore puts the record back under its own id, whole, and fails clearly when its
 * id or a unique value was taken meanwhile; purge deletes it for good with its link rows. A restored
 * account's old sessions stay ended: it signs in again.
 */
export function registerRecycleBinHooks(hooks: HookRegistry, models: () => ServedModels | null, translate: Translate): void {
  const targetOf = (bin: BinRow): CompiledModel => {
    const target = models()?.get(bin.modelId);
    if (!target || !keepsRecycleBin(target)) throw appError('CL_ERR_RECYCLE_MODEL_GONE');
    return target;
  };

  /** The row's secret fields, kept apart from `data` (recordHistory.ts splitForRecycleBin): the bin's answers never hold them. */
  async function secretsOf(ctx: OperationHookContext, target: CompiledModel, bin: BinRow): Promise<Record<string, unknown>> {
    const { rows } = await sql<{ secretData: unknown }>`select secret_data as "secretData" from ${sql.table(RECYCLE_BIN_TABLE)} where id = ${bin.id}`.execute(
      ctx.db,
    );
    const value = rows[0]?.secretData == null ? null : target.adapter.json.fromDb(rows[0].secretData);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  }

  /** Puts the kept row back under its own id (a taken id or unique value is refused clearly). */
  async function insertSnapshot(ctx: OperationHookContext, target: CompiledModel, bin: BinRow): Promise<void> {
    const { rows } = await sql`select 1 as hit from ${target.table} where ${target.id.ref} = ${bin.recordId}`.execute(ctx.db);
    if (rows.length > 0) throw appError('CL_ERR_RECYCLE_ID_TAKEN');
    const whole = { ...bin.data, ...(await secretsOf(ctx, target, bin)) };
    const entries = Object.entries(whole).filter(([name]) => target.fields.has(name));
    const columns = sql.join(entries.map(([name]) => target.fields.get(name)!.ref));
    const values = sql.join(
      entries.map(([name, value]) => {
        const structured = target.fields.get(name)!.def.type === 'json';
        return structured && value !== null && typeof value !== 'string' ? target.adapter.json.toDb(value) : value;
      }),
    );
    try {
      await sql`insert into ${target.table} (${columns}) values (${values})`.execute(ctx.db);
    } catch (error) {
      throw mapUniqueViolation(error, target, { lang: ctx.context.lang, translate: translatorFor(translate, target.model.id) });
    }
  }

  /**
   * Whether the caller may act on the deleted record as if it were still there: they hold the model's
   * own delete permission (restoring undoes a delete, purging is one; its list permission and the scope
   * on the kept row were asked already, as the bin's scope, engine/historyScope.ts), it is their tenant's, and,
   * put back, it lies in their tenant and data scope on that model. Checked on the row as restored, in
   * the operation's transaction. Anything else answers exactly like an unknown id.
   */
  async function assertPutBackReachable(ctx: OperationHookContext, target: CompiledModel, bin: BinRow): Promise<void> {
    const served = models();
    if (!served) throw appError('CL_ERR_RECORD_NOT_FOUND');
    const scope = await served.scopeOf(ctx.context.auth, target);
    const where = scopeConditions(target, { tenantId: ctx.context.tenantId, scope });
    const { rows } = await sql`select 1 as hit from ${target.table}
      where ${sql.join([sql`${target.id.ref} = ${bin.recordId}`, ...where], sql` and `)}`.execute(ctx.db);
    if (rows.length === 0) throw appError('CL_ERR_RECORD_NOT_FOUND');
  }

  async function assertMayDelete(ctx: OperationHookContext, target: CompiledModel, bin: BinRow): Promise<void> {
    if (!(await holdsPermission(ctx.db, ctx.context.auth, target.permission('delete')))) throw appError('CL_ERR_RECORD_NOT_FOUND');
    // a tenant's record goes back to that tenant only
    if (target.tenant && Number(bin.data.tenantId) !== ctx.context.tenantId) throw appError('CL_ERR_RECORD_NOT_FOUND');
  }

  /** A tree node goes back under a parent that is still there (restore the parent first), never as an orphan. */
  async function assertParentStill(ctx: OperationHookContext, target: CompiledModel, bin: BinRow): Promise<void> {
    const field = v2(target.model).tree?.parentField;
    if (!field) return;
    const values = { [field]: bin.data[field] ?? null };
    await assertTreeParent({
      model: target.model,
      values,
      mode: 'update',
      id: bin.recordId,
      auth: ctx.context.auth,
      context: ctx.context,
      db: ctx.db,
      touch: ctx.touch,
    });
  }

  hooks.registerOperation('system.restoreRecord', async (ctx) => {
    const bin = binRowOf(ctx);
    const target = targetOf(bin);
    await assertMayDelete(ctx, target, bin);
    await insertSnapshot(ctx, target, bin);
    await assertParentStill(ctx, target, bin);
    // outside the caller's scope: the insert rolls back with the operation's transaction
    await assertPutBackReachable(ctx, target, bin);
    await sql`delete from ${sql.table(RECYCLE_BIN_TABLE)} where id = ${bin.id}`.execute(ctx.db);
    ctx.touch(target.tableName);
    if (target.tableName === ACCOUNT_TABLE) await revokeUserSessions(ctx.db, bin.recordId, 'disabled');
    return { id: bin.recordId, modelId: bin.modelId };
  });

  hooks.registerOperation('system.purgeRecord', async (ctx) => {
    const bin = binRowOf(ctx);
    const served = models();
    const target = served?.get(bin.modelId);
    if (served && target) {
      if (!keepsRecycleBin(target)) throw appError('CL_ERR_RECYCLE_MODEL_GONE');
      await assertMayDelete(ctx, target, bin);
      // the scope is checked on the row put back for a moment and then taken out again
      await sql`savepoint recycle_purge`.execute(ctx.db);
      try {
        await insertSnapshot(ctx, target, bin);
        await assertPutBackReachable(ctx, target, bin);
      } finally {
        await sql`rollback to savepoint recycle_purge`.execute(ctx.db);
      }
      for (const link of linkColumns(served, target)) {
        await sql`delete from ${link.model.table} where ${sql.ref(link.column)} = ${bin.recordId}`.execute(ctx.db);
        ctx.touch(link.model.tableName);
      }
    }
    await sql`delete from ${sql.table(RECYCLE_BIN_TABLE)} where id = ${bin.id}`.execute(ctx.db);
    return { id: bin.recordId, modelId: bin.modelId };
  });
}
