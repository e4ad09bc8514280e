import { sql, type Kysely } from 'kysely';

// 用户管理's toolbar dialog 在线用户 is gone: online users are a screen of their own (system.onlineUser,
// codes system:onlineUser:*), and no route checks system:user:online any more. Model sync never deletes
// permission rows (server/engine/syncModuleData.ts), so a database that ran the old user model keeps that
// button in the permission tree, granted to the roles that had it: a code that grants nothing, shown in
// 授权 as if it did. Remove the button rows and their role grants, grants first. A new database has no
// sys_permission yet (model sync creates it) and skips this. Frozen like any migration.

const CODE = 'system:user:online';
const BUTTON = 2;

export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = new Set((await db.introspection.getTables()).map((t) => t.name));
  if (!tables.has('sys_permission')) return;
  const buttons = sql`select id from sys_permission where perms = ${CODE} and menu_type = ${BUTTON}`;
  if (tables.has('sys_role_permission')) await sql`delete from sys_role_permission where permission_id in (${buttons})`.execute(db);
  await sql`delete from sys_permission where perms = ${CODE} and menu_type = ${BUTTON}`.execute(db);
}
