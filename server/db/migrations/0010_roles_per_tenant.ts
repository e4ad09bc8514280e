import { sql, type Kysely } from 'kysely';

// Roles became tenant-scoped (system.role): a role, its code and its grants belong to one tenant, so
// an administrator of one tenant can neither see nor change another's roles. An older database has
// sys_role without tenant_id: every existing role goes to the default tenant (1, the only one the
// older code made roles for), and the code's old global unique index gives way to the per-tenant one
// model sync creates. A new database has no sys_role yet (model sync creates it) and skips this.
// Frozen like any migration: it knows the old shape, not the model's current one.

const DEFAULT_TENANT_ID = 1;

export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = await db.introspection.getTables();
  const role = tables.find((t) => t.name === 'sys_role');
  if (!role) return;
  if (!role.columns.some((c) => c.name === 'tenant_id')) {
    await db.schema.alterTable('sys_role').addColumn('tenant_id', 'integer').execute();
    await sql`update sys_role set tenant_id = ${DEFAULT_TENANT_ID}`.execute(db);
  }
  await db.schema.dropIndex('ux_sys_role_role_code').ifExists().execute();
}
