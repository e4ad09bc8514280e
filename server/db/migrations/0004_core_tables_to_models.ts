import type { Kysely } from 'kysely';
import { newId } from '../ids.js';
import { nowText } from '../timestamps.js';

// Adopts the core tables an older 0001_core made by hand, so the system models can own them
// (schemas/system/models). Nothing is dropped but index names; every row keeps its data. New
// databases have none of these tables yet (model sync creates them) and skip every step.
// Frozen like any migration: it knows the old shapes, not the models' current ones.

/** Any old table, by its snake_case column names (this migration reads them without the CamelCasePlugin). */
type LegacyTables = Record<string, Record<string, string | number | null>>;

/** Link tables of the old schema without the record stamp every model table has. */
const UNSTAMPED = ['sys_user_role', 'sys_role_permission', 'sys_user_depart', 'sys_user_position', 'sys_user_tenant'];

/** Old unique index -> the name model sync gives the same index (tableSpec.indexName). */
const RENAMED_UNIQUES: [string, string, string, string[]][] = [
  ['sys_role', 'ux_sys_role_code', 'ux_sys_role_role_code', ['role_code']],
  ['sys_user_role', 'ux_sys_user_role', 'ux_sys_user_role_user_id_role_id', ['user_id', 'role_id']],
  ['sys_role_permission', 'ux_sys_role_permission', 'ux_sys_role_permission_role_id_permission_id', ['role_id', 'permission_id']],
  ['sys_user_depart', 'ux_sys_user_depart', 'ux_sys_user_depart_user_id_dep_id', ['user_id', 'dep_id']],
  ['sys_user_position', 'ux_sys_user_position', 'ux_sys_user_position_user_id_position_id', ['user_id', 'position_id']],
  ['sys_dict', 'ux_sys_dict_code', 'ux_sys_dict_dict_code', ['dict_code']],
  ['sys_dict_item', 'ux_sys_dict_item_value', 'ux_sys_dict_item_dict_id_item_value', ['dict_id', 'item_value']],
  ['sys_user_tenant', 'ux_sys_user_tenant_id', 'ux_sys_user_tenant_id', ['id']],
];

export async function up(withPlugins: Kysely<unknown>): Promise<void> {
  const db = withPlugins.withoutPlugins() as Kysely<LegacyTables>;
  const tables = new Map((await db.introspection.getTables()).map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
  const now = nowText();

  for (const table of UNSTAMPED) {
    const columns = tables.get(table);
    if (!columns || columns.has('create_time')) continue;
    // model sync would add it as a nullable column and warn; the old rows get the adoption time
    await db.schema.alterTable(table).addColumn('create_time', 'varchar(19)').execute();
    await db.updateTable(table).set({ create_time: now }).execute();
  }

  // the only old table keyed by two columns: generic CRUD addresses a row by its id
  const userTenant = tables.get('sys_user_tenant');
  if (userTenant && !userTenant.has('id')) {
    await db.schema.alterTable('sys_user_tenant').addColumn('id', 'varchar(36)').execute();
    const rows = await db.selectFrom('sys_user_tenant').select(['user_id', 'tenant_id']).execute();
    for (const row of rows) {
      await db.updateTable('sys_user_tenant').set({ id: newId() }).where('user_id', '=', row.user_id).where('tenant_id', '=', row.tenant_id).execute();
    }
  }

  for (const [table, oldName, newName, columns] of RENAMED_UNIQUES) {
    if (!tables.has(table)) continue;
    await db.schema.createIndex(newName).ifNotExists().on(table).columns(columns).unique().execute();
    if (oldName !== newName) await db.schema.dropIndex(oldName).ifExists().execute();
  }
}
