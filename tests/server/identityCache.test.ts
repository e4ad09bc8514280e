import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentify } from '../../server/auth/identify.js';
import { newId } from '../../server/db/ids.js';
import { IDENTITY_TABLES } from '../../server/db/identityGeneration.js';
import { nowText } from '../../server/db/timestamps.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { ensureTenant, grant, insertDepart, insertRole, insertUser } from '../helpers/testRows.js';
import { client } from './engineSupport.js';

// The identity cache (auth/identify.ts, engine/dataScopeCache.ts) keeps who a user is per acting tenant
// while the identity generation stands; database triggers move it in the transaction of any write to
// the tables an identity comes from. So a cached answer must equal a fresh read at once after writes
// from anywhere: the engine, raw SQL, another server on the same database.

const matrix = await databaseMatrix();
const POSITIONS = '/api/permission/Position';
const ROLES = '/api/permission/Role';
const PASSWORD = 'Passw0rd1';
const B = 83;

describe.each(matrix)('$kind: identity cache', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    const statements: string[] = [];
    const name = (k: string) => `ic${process.pid}${k}`;
    let roleId = '';

    beforeAll(async () => {
      t = await createTestApp(kind, { onQuery: (text) => statements.push(text) });
      const db = t.app.ctx.db.db;
      await ensureTenant(db, B);
      roleId = await insertRole(db, name('role'), 1, 1);
      const roleB = await insertRole(db, name('roleB'), 1, B);
      await grant(db, roleId, ['btn:system:position:list', 'btn:system:position:add']);
      await grant(db, roleB, ['btn:system:position:list']);
      const depart = await insertDepart(db, name('dep'), name('dep'));
      for (const user of ['reader', 'disabled', 'scoped', 'agree'])
        await insertUser(db, { username: name(user), password: PASSWORD, roleIds: [roleId, roleB], tenantIds: [1, B], departIds: [depart] });
      // a row in each identity table (tenant B's role, on a model nobody serves), so each table's triggers can fire
      const rule = newId();
      await sql`insert into sys_data_rule (id, tenant_id, name, model_id, kind, field, operator, value, enabled, create_by, create_time, version)
        values (${rule}, ${B}, ${name('ruleB')}, 'x.none', 'field', 'none', 'eq', '1', 1, 'test', ${nowText()}, 1)`.execute(db);
      await sql`insert into sys_role_data_rule (id, role_id, rule_id, create_time) values (${newId()}, ${roleB}, ${rule}, ${nowText()})`.execute(db);
      await sql`insert into sys_role_field (id, role_id, model_id, field, access, create_time) values (${newId()}, ${roleB}, 'x.none', 'none', 'hidden', ${nowText()})`.execute(
        db,
      );
    }, 120_000);

    afterAll(async () => {
      await t?.close();
    });

    it('has the triggers on every identity table', async () => {
      const db = t.app.ctx.db.db;
      const generation = async () =>
        String((await sql<{ g: unknown }>`select generation as g from sys_identity_generation where id = 1`.execute(db)).rows[0]!.g);
      for (const table of IDENTITY_TABLES) {
        const before = await generation();
        // a write that changes nothing still counts: the trigger cannot know
        await sql`update ${sql.table(table)} set id = id`.execute(db);
        expect(await generation(), table).not.toBe(before);
      }
    });

    it('reads only the session once the identity is cached', async () => {
      const me = client(t, await t.login(name('reader'), PASSWORD));
      expect((await me.get(POSITIONS)).status).toBe(200);
      statements.length = 0;
      expect((await me.get(POSITIONS)).status).toBe(200);
      expect(statements.filter((s) => /sys_user_role|sys_role_permission|sys_user_tenant|sys_user_depart/.test(s))).toEqual([]);
      expect(statements.some((s) => s.includes('sys_identity_generation'))).toBe(true);
    });

    it('refuses a permission at once after its grant is deleted by raw SQL', async () => {
      const me = client(t, await t.login(name('reader'), PASSWORD));
      expect((await me.post(POSITIONS, {})).status).not.toBe(403);
      await sql`delete from sys_role_permission where role_id = ${roleId} and permission_id = 'btn:system:position:add'`.execute(t.app.ctx.db.db);
      expect((await me.post(POSITIONS, {})).body.error).toBe('CL_ERR_NO_PERMISSION');
      expect((await me.get(POSITIONS)).status).toBe(200);
    });

    it('signs a disabled user out at once', async () => {
      const me = client(t, await t.login(name('disabled'), PASSWORD));
      expect((await me.get(POSITIONS)).status).toBe(200);
      await sql`update sys_user set status = 2 where username = ${name('disabled')}`.execute(t.app.ctx.db.db);
      const refused = await me.get(POSITIONS);
      expect(refused.status).toBe(401);
      expect(refused.body.error).toBe('CL_ERR_AUTH_SIGNED_OUT');
    });

    it('narrows the data scope at once when a rule is granted by raw SQL', async () => {
      const db = t.app.ctx.db.db;
      for (const sortCode of [1, 2])
        await sql`insert into sys_position (id, full_name, en_code, enabled_mark, sort_code, tenant_id, create_by, create_time, version)
          values (${newId()}, ${name(`pos${sortCode}`)}, ${name(`pos${sortCode}`)}, 1, ${sortCode}, 1, 'test', ${nowText()}, 1)`.execute(db);
      const me = client(t, await t.login(name('scoped'), PASSWORD), { tenant: 1 });
      const codes = async () => ((await me.get(POSITIONS, { keyword: name('pos') })).body.data.list as { sortCode: number }[]).map((r) => r.sortCode).sort();
      expect(await codes()).toEqual([1, 2]);
      const rule = newId();
      await sql`insert into sys_data_rule (id, tenant_id, name, model_id, kind, field, operator, value, enabled, create_by, create_time, version)
        values (${rule}, 1, ${name('rule')}, 'system.position', 'field', 'sortCode', 'eq', '1', 1, 'test', ${nowText()}, 1)`.execute(db);
      await sql`insert into sys_role_data_rule (id, role_id, rule_id, create_time) values (${newId()}, ${roleId}, ${rule}, ${nowText()})`.execute(db);
      expect(await codes()).toEqual([1]);
      await sql`update sys_data_rule set enabled = 0 where id = ${rule}`.execute(db);
      expect(await codes()).toEqual([1, 2]);
    });

    it('answers as an uncached read after every kind of change', async () => {
      const handle = t.app.ctx.db;
      const policy = t.app.ctx.config.session;
      const cached = createIdentify(handle, policy);
      const fresh = createIdentify(handle, policy, { cache: false });
      const token = await t.login(name('agree'), PASSWORD);
      const asks = [null, 1, B, 999].flatMap((tenant) =>
        [null, 'btn:system:position:list', 'btn:system:position:add', 'btn:no:such'].map((permission) => ({ tenant, permission })),
      );
      const compare = async (step: string) => {
        for (const ask of asks) expect(await cached(token, ask), `${step} ${JSON.stringify(ask)}`).toEqual(await fresh(token, ask));
      };
      const db = handle.db;
      const userId = (await db.selectFrom('sysUser').select('id').where('username', '=', name('agree')).executeTakeFirstOrThrow()).id;
      await compare('start');
      // the cases run in a random order: the grant may be there (as seeded) or gone (deleted by the raw-SQL case)
      await db.deleteFrom('sysRolePermission').where('roleId', '=', roleId).where('permissionId', '=', 'btn:system:position:add').execute();
      await compare('revoked');
      await grant(db, roleId, ['btn:system:position:add']);
      await compare('granted');
      await db.updateTable('sysPermission').set({ status: '0' }).where('id', '=', 'btn:system:position:add').execute();
      await compare('permission disabled');
      await db.updateTable('sysPermission').set({ status: '1' }).where('id', '=', 'btn:system:position:add').execute();
      await db.updateTable('sysRole').set({ status: 0 }).where('id', '=', roleId).execute();
      await compare('role disabled');
      await db.updateTable('sysRole').set({ status: 1 }).where('id', '=', roleId).execute();
      await db.updateTable('sysTenant').set({ status: 0 }).where('id', '=', 1).execute();
      await compare('tenant 1 disabled');
      await db.updateTable('sysTenant').set({ status: 1 }).where('id', '=', 1).execute();
      await db.deleteFrom('sysUserTenant').where('userId', '=', userId).where('tenantId', '=', B).execute();
      await compare('left tenant B');
      await db.updateTable('sysUser').set({ realname: 'renamed', orgCode: 'X9' }).where('id', '=', userId).execute();
      await compare('renamed');
      await db.deleteFrom('sysUserRole').where('userId', '=', userId).execute();
      await compare('no roles');
      await db.updateTable('sysUser').set({ delFlag: 1 }).where('id', '=', userId).execute();
      await compare('deleted');
    });
  });
});

describe.each(matrix.filter((m) => m.kind === 'postgres'))('two servers on one PostgreSQL database', ({ available }) => {
  describe.skipIf(!available)('', () => {
    let first: TestApp;
    let second: TestApp;

    beforeAll(async () => {
      first = await createTestApp('postgres');
      second = await createTestApp('postgres', { database: first.database });
    }, 120_000);

    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('refuses in the second server at once what the first took away, and signs out a user the first disabled', async () => {
      const db = first.app.ctx.db.db;
      const roleId = await insertRole(db, `ic2${process.pid}`, 1, 1);
      await grant(db, roleId, ['btn:system:position:list', 'btn:system:position:add']);
      await insertUser(db, { username: `ic2${process.pid}`, password: PASSWORD, roleIds: [roleId] });
      const token = await first.login(`ic2${process.pid}`, PASSWORD);
      const onSecond = client(second, token);
      expect((await onSecond.get(POSITIONS)).status).toBe(200);
      expect((await onSecond.get(POSITIONS)).status).toBe(200);
      // the first server's administrator takes the list permission away through the role's Authorize operation
      const admin = client(first, await first.login());
      const saved = await admin.put(`${ROLES}/${roleId}/Authorize`, { permissionIds: ['btn:system:position:add'] });
      expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 200, data: { removed: 1 } });
      expect((await onSecond.get(POSITIONS)).body.error).toBe('CL_ERR_NO_PERMISSION');
      // and a statement on the first server's connection freezes the user
      await db.updateTable('sysUser').set({ status: 2 }).where('username', '=', `ic2${process.pid}`).execute();
      expect((await onSecond.post(POSITIONS, {})).status).toBe(401);
    });
  });
});
