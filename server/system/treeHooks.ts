import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { ModelFile } from '../../runtime/model/types.js';
import { v2 } from '../../runtime/model/v2Parts.js';
import type { Database } from '../db/schema.js';
import { columnOf } from '../engine/columnNames.js';
import type { EngineContext } from '../engine/EngineContext.js';
import type { BeforeSaveContext, HookRegistry } from '../engine/hookRegistry.js';
import { appError } from '../errors.js';

/** Deeper than any tree a person keeps (regions: province, city, district, street): a longer walk is a cycle. */
const MAX_DEPTH = 32;

interface TreeTable {
  table: RawBuilder<unknown>;
  parent: RawBuilder<unknown>;
  root: string;
  /** the tenant condition of a tenant-scoped model: a parent in another tenant does not exist */
  tenant: RawBuilder<unknown>;
}

function treeOf(model: ModelFile, context: EngineContext): TreeTable {
  const tree = v2(model).tree;
  if (!tree) throw new Error(`model ${model.id} uses a tree hook but declares no tree`);
  return {
    table: sql.table(model.entity.table),
    parent: sql.ref(columnOf(tree.parentField)),
    root: String(tree.rootValue ?? '0'),
    tenant: model.entity.tenantScoped === false ? sql`1 = 1` : sql`tenant_id = ${context.tenantId}`,
  };
}

async function parentOf(db: Transaction<Database>, tree: TreeTable, id: string): Promise<string | undefined> {
  const { rows } = await sql<{ p: unknown }>`select ${tree.parent} as p from ${tree.table} where id = ${id} and ${tree.tenant}`.execute(db);
  if (rows.length === 0) return undefined;
  // a node saved without a parent is a root (a top-level menu), like one whose parent is the root value
  const parent = rows[0]!.p;
  return parent === null || parent === '' ? tree.root : String(parent);
}

/** The parent a save names is the root or an existing node of the same tenant, never the node itself or its descendant. */
export async function assertTreeParent({ model, values, id, db, context }: BeforeSaveContext): Promise<void> {
  const field = v2(model).tree?.parentField;
  if (!field || values[field] === undefined) return;
  const tree = treeOf(model, context);
  let at = values[field] === null || values[field] === '' ? tree.root : String(values[field]);
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    if (at === tree.root) return;
    if (at === id) throw appError('CL_ERR_TREE_PARENT_INVALID');
    const parent = await parentOf(db, tree, at);
    if (parent === undefined) throw appError('CL_ERR_TREE_PARENT_INVALID');
    at = parent;
  }
  throw appError('CL_ERR_TREE_PARENT_INVALID');
}

/** A tree node's children in its tenant, at most one: a node that has some cannot be removed. */
export async function hasTreeChildren(model: ModelFile, context: EngineContext, db: Transaction<Database>, id: string): Promise<boolean> {
  const tree = treeOf(model, context);
  const { rows } = await sql`select id from ${tree.table} where ${tree.parent} = ${id} and ${tree.tenant} limit 1`.execute(db);
  return rows.length > 0;
}

/**
 * Hooks of every tree model (areas, categories, dictionary types, departments, organisations): the model's
 * `tree` says which field holds the parent and which value is the root, so one pair of hooks serves them all.
 * - system.checkTreeParent (beforeSave): the parent is the root or an existing node of the same tenant,
 *   and never the node itself or one of its descendants, so a move cannot cut a branch off the tree;
 * - system.removeTreeNode (a delete operation): a node with children is refused rather than leaving
 *   orphans that no level of the tree shows.
 */
export function registerTreeHooks(hooks: HookRegistry): void {
  hooks.register('system.checkTreeParent', assertTreeParent);

  hooks.registerOperation('system.removeTreeNode', async ({ model, record, db, context }) => {
    const tree = treeOf(model, context);
    const id = String(record!.id);
    if (await hasTreeChildren(model, context, db, id)) throw appError('CL_ERR_TREE_HAS_CHILDREN');
    await sql`delete from ${tree.table} where id = ${id} and ${tree.tenant}`.execute(db);
    return null;
  });
}
