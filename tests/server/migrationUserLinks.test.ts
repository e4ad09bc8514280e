import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids.js';
import { up as userLinksPerTenant } from '../../server/db/migrations/0014_user_links_per_tenant.js';
import { nowText } from '../../server/db/timestamps.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { ensureTenant, insertDepart, insertUser } from '../helpers/testRows.js';

// Migration 0014: the staff record's departIds / post were columns of the shared account row. An older
// database moves them into the per-tenant link tables (each tenant of the account where it has no link of
// that kind yet gets the named departments and positions that are its own) and empties the columns.

const matrix = await databaseMatrix();
const OTHER = 79;

describe.each(matrix)('$kind: migration 0014 (departments and positions per tenant)', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    const name = (k: string) => `ul${process.pid}${k}`;

    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(async () => {
      await t?.close();
    });

    async function position(tenantId: number, code: string): Promise<string> {
      const id = newId();
      await sql`insert into sys_position (id, full_name, en_code, enabled_mark, sort_code, tenant_id, create_by, create_time, version)
        values (${id}, ${code}, ${code}, 1, 1, ${tenantId}, 'test', ${nowText()}, 1)`.execute(t.app.ctx.db.db);
      return id;
    }

    it('moves the columns into the links of each tenant that has none, keeps the links a tenant has, and empties the columns', async () => {
      const db = t.app.ctx.db.db;
      await ensureTenant(db, OTHER);
      const user = await insertUser(db, { username: name('shared'), password: 'Passw0rd1', tenantIds: [1, OTHER] });
      const lone = await insertUser(db, { username: name('lone'), password: 'Passw0rd1' });
      const d1 = await insertDepart(db, name('d1'), '甲室');
      const d2 = await insertDepart(db, name('d2'), '乙室', OTHER);
      const stranger = await insertDepart(db, name('d3'), '丙室', 80);
      const code = name('P');
      const p1 = await position(1, code);
      await position(OTHER, code);
      const kept = await position(OTHER, name('Q'));
      // tenant OTHER already has the user's position: it stays the only one there
      await db.insertInto('sysUserPosition').values({ id: newId(), userId: user, positionId: kept, createTime: nowText() }).execute();
      await db
        .updateTable('sysUser')
        .set({ departIds: `${d1},${d2},${stranger}`, post: code })
        .where('id', '=', user)
        .execute();
      await db
        .updateTable('sysUser')
        .set({ departIds: d1, post: `${code},nosuch` })
        .where('id', '=', lone)
        .execute();

      const raw = t.app.ctx.db.db.withoutPlugins() as unknown as Kysely<unknown>;
      await userLinksPerTenant(raw);
      await userLinksPerTenant(raw); // a second run changes nothing

      const departs = async (id: string) =>
        (await db.selectFrom('sysUserDepart').select('depId').where('userId', '=', id).execute()).map((r) => r.depId).sort();
      const positions = async (id: string) =>
        (await db.selectFrom('sysUserPosition').select('positionId').where('userId', '=', id).execute()).map((r) => r.positionId).sort();
      // a department of a tenant the account is not in is not linked
      expect(await departs(user)).toEqual([d1, d2].sort());
      expect(await positions(user)).toEqual([p1, kept].sort());
      expect(await departs(lone)).toEqual([d1]);
      expect(await positions(lone)).toEqual([p1]);
      const rows = await db.selectFrom('sysUser').select(['departIds', 'post']).where('id', 'in', [user, lone]).execute();
      expect(rows).toEqual([
        { departIds: null, post: null },
        { departIds: null, post: null },
      ]);
    });
  });
});
