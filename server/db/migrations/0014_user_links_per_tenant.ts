import dayjs from 'dayjs';
import { sql, type Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';

// A user's departments and positions as the staff record edits them (sys_user.depart_ids, comma-joined
// department ids, and sys_user.post, comma-joined position codes) were kept on the account row, which every
// tenant of the account shares: one tenant's choice overwrote and showed through another's. They are now
// per tenant, read from the link tables sys_user_depart and sys_user_position (as sign-in, the department
// switch and data rules already did). This moves what the columns hold into the links, without losing a
// value: for each tenant of the account where the user has no link of that kind yet, the named departments
// and the positions of that code that are the tenant's become links (a tenant that has links keeps them: they
// were written with the columns, or edited since in 用户部门 / 用户岗位, and are the newer). The columns are
// then emptied (additive: they stay, unused). A database without the staff columns (model sync creates them)
// has nothing to move. Frozen like any migration.

interface Links {
  /** the sys_user column, comma-joined values */
  column: string;
  /** the link table and its column naming the target */
  link: string;
  linkColumn: string;
  /** the tenant-owned target table and its column the values name */
  target: string;
  key: string;
}

const DEPARTS: Links = { column: 'depart_ids', link: 'sys_user_depart', linkColumn: 'dep_id', target: 'sys_depart', key: 'id' };
const POSITIONS: Links = { column: 'post', link: 'sys_user_position', linkColumn: 'position_id', target: 'sys_position', key: 'en_code' };

const split = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

async function moveIntoLinks(db: Kysely<unknown>, links: Links, now: string): Promise<void> {
  const { column, link, linkColumn, target, key } = links;
  const { rows } = await sql<{ id: string; value: string }>`select id, ${sql.ref(column)} as value from sys_user
    where ${sql.ref(column)} is not null and ${sql.ref(column)} <> ''`.execute(db);
  for (const row of rows) {
    const values = split(row.value);
    if (values.length === 0) continue;
    // the named records of the account's tenants where it has no link of this kind yet
    const { rows: missing } = await sql<{ id: string; value: string }>`select t.id, t.${sql.ref(key)} as value from ${sql.table(target)} t
      where t.${sql.ref(key)} in (${sql.join(values)})
        and t.tenant_id in (select ut.tenant_id from sys_user_tenant ut where ut.user_id = ${row.id})
        and not exists (select 1 from ${sql.table(link)} l join ${sql.table(target)} o on o.id = l.${sql.ref(linkColumn)}
          where l.user_id = ${row.id} and o.tenant_id = t.tenant_id)`.execute(db);
    const order = new Map(values.map((value, i) => [value, i]));
    for (const found of missing.sort((a, b) => order.get(a.value)! - order.get(b.value)!))
      await sql`insert into ${sql.table(link)} (id, user_id, ${sql.ref(linkColumn)}, create_by, create_time)
        values (${uuidv7()}, ${row.id}, ${found.id}, 'migration', ${now})`.execute(db);
  }
  await sql`update sys_user set ${sql.ref(column)} = null where ${sql.ref(column)} is not null`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = await db.introspection.getTables();
  const user = tables.find((t) => t.name === 'sys_user');
  const names = new Set(tables.map((t) => t.name));
  if (!user || !names.has('sys_user_tenant')) return;
  const columns = new Set(user.columns.map((c) => c.name));
  const now = dayjs().format('YYYY-MM-DD HH:mm:ss');
  for (const links of [DEPARTS, POSITIONS])
    if (columns.has(links.column) && names.has(links.link) && names.has(links.target)) await moveIntoLinks(db, links, now);
}
