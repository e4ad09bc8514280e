import type { Transaction } from 'kysely';
import type { ModelFile, ModuleFile } from '../../runtime/model/types.js';
import type { DbHandle } from '../db/createDb.js';
import type { DbAdapter } from '../db/dialects/DbAdapter.js';
import { newId } from '../db/ids.js';
import { ADMIN_ROLE_ID } from '../db/coreIds.js';
import type { Database } from '../db/schema.js';
import { nowText } from '../db/timestamps.js';
import type { ModuleSet } from './loadModules.js';
import {
  definitionHash,
  dictRows,
  extraButtonRows,
  menuRows,
  MODEL_PAGE,
  modelButtonRows,
  modelMenuKeys,
  type DictDefRow,
  type PermissionDef,
} from './moduleRows.js';

/**
 * Upserts every module's menus, button permission codes and dictionaries, in one transaction.
 * Each row remembers the hash of the definition it was generated from (defHash): a row is
 * rewritten only when its module changed that definition, so what an admin edited in the UI
 * survives restarts. Rows are never deleted (a module that drops a menu leaves it to the admin).
 * New permission rows are granted to the admin role; a revoked grant is not re-granted.
 */
export async function syncModuleData(handle: DbHandle, modules: ModuleSet): Promise<void> {
  await handle.db.transaction().execute(async (trx) => {
    const menuOf = modelMenuKeys(modules, await storedModelMenus(trx));
    const known = new Map((await trx.selectFrom('sysPermission').select(['id', 'defHash']).execute()).map((r) => [r.id, r.defHash]));
    for (const mod of modules.modules) {
      const buttons = mod.models.flatMap((model) => modelButtonRows(model, menuOf.get(model.id) ?? null));
      const rows = [...menuRows(mod.file.menus), ...buttons, ...extraButtonRows(mod.file, new Set(buttons.map((b) => b.id)))];
      for (const row of rows) await upsertPermission(trx, handle.adapter, row, mod.file.id, known);
      for (const dict of dictRows(mod.file)) await upsertDict(trx, dict, mod.file.id);
    }
  });
}

/**
 * model id -> id of the first live menu row (by id) that shows the model as its page ('ModelPage/<model id>'),
 * whoever wrote it: a module at start-up, a design's release, or an admin in 菜单管理.
 */
export async function storedModelMenus(trx: Transaction<Database>): Promise<Map<string, string>> {
  const rows = await trx
    .selectFrom('sysPermission')
    .select(['id', 'component'])
    .where('menuType', 'in', [0, 1])
    .where('delFlag', '=', 0)
    .where('component', 'like', `${MODEL_PAGE}%`)
    .orderBy('id')
    .execute();
  const menus = new Map<string, string>();
  for (const row of rows) {
    const model = row.component!.slice(MODEL_PAGE.length);
    if (!menus.has(model)) menus.set(model, row.id);
  }
  return menus;
}

/**
 * The button permission codes of one model released at run time, under the menu that shows it (if
 * any), in the caller's transaction; new codes are granted to the admin role as at start-up.
 */
export async function syncModelPermissions(
  trx: Transaction<Database>,
  adapter: DbAdapter,
  model: ModelFile,
  moduleId: string,
  menuKey: string | null,
): Promise<void> {
  await syncPermissionRows(trx, adapter, modelButtonRows(model, menuKey), moduleId);
}

/**
 * Upserts permission rows defined at run time (a released model's buttons, a designed model's menu,
 * server/visualdev/) in the caller's transaction, with the same rules as module rows: rewritten only when
 * the definition changed, new rows granted to the admin role.
 */
export async function syncPermissionRows(trx: Transaction<Database>, adapter: DbAdapter, rows: PermissionDef[], moduleId: string): Promise<void> {
  const known = new Map(
    (
      await trx
        .selectFrom('sysPermission')
        .select(['id', 'defHash'])
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
    ).map((r) => [r.id, r.defHash]),
  );
  for (const row of rows) await upsertPermission(trx, adapter, row, moduleId, known);
}

async function upsertPermission(
  trx: Transaction<Database>,
  adapter: DbAdapter,
  def: PermissionDef,
  moduleId: string,
  known: Map<string, string | null>,
): Promise<void> {
  const defHash = definitionHash(def);
  const now = nowText();
  if (!known.has(def.id)) {
    await trx
      .insertInto('sysPermission')
      .values({ ...def, componentName: null, status: '1', delFlag: 0, moduleId, defHash, createTime: now, updateTime: null })
      .execute();
    await adapter.upsert
      .insertIgnoring(
        'sys_role_permission',
        [{ id: newId(), role_id: ADMIN_ROLE_ID, permission_id: def.id, create_by: 'system', create_time: now }],
        ['role_id', 'permission_id'],
      )
      .execute(trx);
    known.set(def.id, defHash);
    return;
  }
  if (known.get(def.id) === defHash) return;
  const { id, ...changes } = def;
  await trx
    .updateTable('sysPermission')
    .set({ ...changes, moduleId, defHash, updateTime: now })
    .where('id', '=', id)
    .execute();
  known.set(def.id, defHash);
}

/** The dictionaries of one module file (an imported module folder), in the caller's transaction, as at start-up. */
export async function syncModuleDicts(trx: Transaction<Database>, file: ModuleFile): Promise<void> {
  for (const dict of dictRows(file)) await upsertDict(trx, dict, file.id);
}

async function upsertDict(trx: Transaction<Database>, def: DictDefRow, moduleId: string): Promise<void> {
  const defHash = definitionHash(def);
  const now = nowText();
  const existing = await trx.selectFrom('sysDict').select(['id', 'defHash']).where('dictCode', '=', def.dictCode).executeTakeFirst();
  if (existing?.defHash === defHash) return;
  let dictId: string;
  if (existing) {
    dictId = existing.id;
    await trx
      .updateTable('sysDict')
      .set({ dictName: def.dictName, description: def.description, moduleId, defHash, updateTime: now })
      .where('id', '=', dictId)
      .execute();
  } else {
    dictId = newId();
    await trx
      .insertInto('sysDict')
      .values({
        id: dictId,
        dictCode: def.dictCode,
        dictName: def.dictName,
        description: def.description,
        parentId: '0',
        isTree: 0,
        sortCode: 0,
        delFlag: 0,
        moduleId,
        defHash,
        createTime: now,
        updateTime: null,
      })
      .execute();
  }
  const items = new Map(
    (await trx.selectFrom('sysDictItem').select(['id', 'itemValue']).where('dictId', '=', dictId).execute()).map((r) => [r.itemValue, r.id]),
  );
  for (const item of def.items) {
    const itemId = items.get(item.itemValue);
    if (itemId) {
      await trx
        .updateTable('sysDictItem')
        .set({ itemText: item.itemText, color: item.color, description: item.description, sortOrder: item.sortOrder, updateTime: now })
        .where('id', '=', itemId)
        .execute();
    } else {
      await trx
        .insertInto('sysDictItem')
        .values({ id: newId(), dictId, ...item, parentId: '0', status: 1, createTime: now, updateTime: null })
        .execute();
    }
  }
}
