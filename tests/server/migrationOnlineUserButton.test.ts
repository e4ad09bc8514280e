import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../server/db/createDb.js';
import { up as dropOnlineUserButton } from '../../server/db/migrations/0013_drop_online_user_button.js';
import { createTestDatabase, databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { grant, insertPermissions, insertRole, insertUser } from '../helpers/testRows.js';

// Migration 0013: an install that ran the old 用户管理 toolbar dialog keeps its button row
// system:user:online (model sync never deletes rows) and the roles' grants of it. The migration removes
// both and nothing else; a database without sys_permission yet (a new install) is left alone.

const matrix = await databaseMatrix();
const PASSWORD = 'Passw0rd1';
const PERMISSIONS = '/sys/permission/getUserPermissionByToken';

describe.each(matrix)('$kind: migration 0013 (the old 在线用户 button)', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    const name = (k: string) => `ou${process.pid}${k}`;

    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('removes the leftover button rows and their grants, keeps every other row, and the code is no longer granted', async () => {
      const db = t.app.ctx.db.db;
      // the row the old user model generated (btn:<code>, under 用户管理), and one an administrator copied by hand
      await insertPermissions(db, [
        { id: 'btn:system:user:online', name: '在线用户', menuType: 2, perms: 'system:user:online', moduleId: 'system' },
        { id: name('copy'), name: '在线用户', menuType: 2, perms: 'system:user:online' },
        { id: name('keep'), name: '其他按钮', menuType: 2, perms: `${name('fx')}:keep` },
      ]);
      const role = await insertRole(db, name('role'));
      await grant(db, role, ['btn:system:user:online', name('copy'), name('keep')]);
      await insertUser(db, { username: name('user'), password: PASSWORD, roleIds: [role] });
      const token = await t.login(name('user'), PASSWORD);
      const codes = async () =>
        ((await t.request({ method: 'GET', url: PERMISSIONS, token })).json().result.auth as { action: string }[]).map((a) => a.action).sort();
      // one entry per granted button row: the generated one and the copy
      expect(await codes()).toEqual([`${name('fx')}:keep`, 'system:user:online', 'system:user:online']);

      const raw = t.app.ctx.db.db.withoutPlugins() as unknown as Kysely<unknown>;
      await dropOnlineUserButton(raw);
      await dropOnlineUserButton(raw); // a second run changes nothing

      const { rows: left } = await sql<{ id: string }>`select id from sys_permission where perms = 'system:user:online'`.execute(raw);
      expect(left).toEqual([]);
      const { rows: grants } = await sql<{ permissionId: string }>`
        select permission_id as "permissionId" from sys_role_permission where role_id = ${role}`.execute(raw);
      expect(grants.map((g) => g.permissionId)).toEqual([name('keep')]);
      // the generated buttons of 在线用户's own screen are untouched
      const { rows: screen } = await sql<{ n: number | string }>`
        select count(*) as n from sys_permission where perms like 'system:onlineUser:%'`.execute(raw);
      expect(Number(screen[0]!.n)).toBeGreaterThan(0);
      expect(await codes()).toEqual([`${name('fx')}:keep`]);
    });
  });
});

describe.each(matrix)('$kind: migration 0013 on a new database', ({ kind, available }) => {
  it.skipIf(!available)('does nothing before model sync has created sys_permission', async () => {
    const database = await createTestDatabase(kind);
    const handle = createDb({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    try {
      const db = handle.db.withoutPlugins() as unknown as Kysely<unknown>;
      await dropOnlineUserButton(db);
      expect((await db.introspection.getTables()).map((table) => table.name)).not.toContain('sys_permission');
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
