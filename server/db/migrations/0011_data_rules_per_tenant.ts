import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// Data rules became tenant-scoped (system.dataRule): a rule belongs to one tenant, so an administrator
// of one tenant can neither see nor attach another's. An older database has sys_data_rule without
// tenant_id: every existing rule goes to the default tenant (1, as roles did in 0010). A role of another
// tenant that was granted such a (then shared) rule keeps its restriction: its tenant gets its own copy
// of the rule and the grant points at the copy — dropping the grant would leave the role without rules,
// which reaches every row. A new database has no sys_data_rule yet (model sync creates it) and skips this.
// Frozen like any migration: it knows the old shape, not the model's current one.

const DEFAULT_TENANT_ID = 1;

interface CrossGrant {
  grantId: string;
  ruleId: string;
  tenantId: number | string;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = await db.introspection.getTables();
  const rule = tables.find((t) => t.name === 'sys_data_rule');
  if (!rule) return;
  if (!rule.columns.some((c) => c.name === 'tenant_id')) {
    await db.schema.alterTable('sys_data_rule').addColumn('tenant_id', 'integer').execute();
    await sql`update sys_data_rule set tenant_id = ${DEFAULT_TENANT_ID}`.execute(db);
  }
  const role = tables.find((t) => t.name === 'sys_role');
  if (!tables.some((t) => t.name === 'sys_role_data_rule') || !role?.columns.some((c) => c.name === 'tenant_id')) return;
  const { rows } = await sql<CrossGrant>`
    select rr.id as "grantId", rr.rule_id as "ruleId", ro.tenant_id as "tenantId"
    from sys_role_data_rule rr
    join sys_role ro on ro.id = rr.role_id
    join sys_data_rule dr on dr.id = rr.rule_id
    where ro.tenant_id <> dr.tenant_id
    order by rr.id`.execute(db);
  const copies = new Map<string, string>();
  for (const grant of rows) {
    const key = `${grant.ruleId}\u0000${grant.tenantId}`;
    let copyId = copies.get(key);
    if (!copyId) {
      copyId = randomUUID();
      const { rows: original } = await sql<Record<string, unknown>>`select * from sys_data_rule where id = ${grant.ruleId}`.execute(db);
      const values: Record<string, unknown> = { ...original[0]!, id: copyId, tenant_id: Number(grant.tenantId) };
      const columns = Object.keys(values);
      await sql`insert into sys_data_rule (${sql.join(columns.map((c) => sql.ref(c)))}) values (${sql.join(columns.map((c) => values[c]))})`.execute(db);
      copies.set(key, copyId);
    }
    await sql`update sys_role_data_rule set rule_id = ${copyId} where id = ${grant.grantId}`.execute(db);
  }
}
