import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { appError } from '../errors.js';
import type { HookRegistry } from '../engine/hookRegistry.js';
import { AREA_ROOT, AREA_TABLE } from './seedAreas.js';

/** Deeper than any real region chain (province, city, district, street): a longer walk is a corrupt tree. */
const MAX_DEPTH = 8;

async function parentOf(db: Transaction<Database>, id: string): Promise<string | undefined> {
  const { rows } = await sql<{ parent: string }>`select parent_id as parent from ${sql.table(AREA_TABLE)} where id = ${id}`.execute(db);
  return rows[0]?.parent;
}

/**
 * The area tree's hooks (schemas/system/models/area.model.json):
 * - system.checkAreaParent (beforeSave): the parent is the root (86) or an existing area, and never the
 *   area itself or one of its descendants, so a move cannot cut a branch off the tree;
 * - system.removeArea (the delete operation): an area with children is refused rather than leaving
 *   orphans no tree level would show.
 */
export function registerAreaHooks(hooks: HookRegistry): void {
  hooks.register('system.checkAreaParent', async ({ values, id, db }) => {
    if (values.parentId === undefined) return;
    let at = String(values.parentId);
    for (let depth = 0; depth < MAX_DEPTH; depth++) {
      if (at === AREA_ROOT) return;
      if (at === id) throw appError('CL_ERR_AREA_PARENT_INVALID');
      const parent = await parentOf(db, at);
      if (parent === undefined) throw appError('CL_ERR_AREA_PARENT_INVALID');
      at = parent;
    }
    throw appError('CL_ERR_AREA_PARENT_INVALID');
  });

  hooks.registerOperation('system.removeArea', async ({ record, db }) => {
    const id = String(record!.id);
    const { rows } = await sql`select id from ${sql.table(AREA_TABLE)} where parent_id = ${id} limit 1`.execute(db);
    if (rows.length > 0) throw appError('CL_ERR_AREA_HAS_CHILDREN');
    await sql`delete from ${sql.table(AREA_TABLE)} where id = ${id}`.execute(db);
    return null;
  });
}
