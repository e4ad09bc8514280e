import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids.js';
import { nowText } from '../../server/db/timestamps.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { ensureTenant, grant, insertDepart, insertRole, insertUser } from '../helpers/testRows.js';
import { client, type Client } from './engineSupport.js';

// Permissions per acting tenant. A member of tenants A (1) and B holds a broad role in A and a narrow
// one in B. Acting in B, nothing of A's role may count: not its permission codes (the identity check,
// the holdsPermission reads, menus and buttons, the role Authorize tree), not its data rules (which
// would widen B's scope, roles being OR-ed), not its field access (which would re-open a field B's
// role hides). Acting in A again gets A's rights back, so the caches are keyed by tenant.

const matrix = await databaseMatrix();
const POSITIONS = '/api/permission/Position';
const ROLES = '/api/permission/Role';
const B = 74;
const PASSWORD = 'Passw0rd1';

interface Node {
  perms: string | null;
  children: Node[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe.each(matrix)('$kind: permissions, data rules and field access per acting tenant', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let token = '';
    let inA: Client;
    let inB: Client;
    let noHeader: Client;
    const name = (k: string) => `tp${process.pid}${k}`;
    let roleB = '';

    async function insertPosition(tenantId: number, code: string, sortCode: number, description: string) {
      await sql`insert into sys_position (id, full_name, en_code, enabled_mark, sort_code, description, tenant_id, create_by, create_time, version)
        values (${newId()}, ${code}, ${code}, 1, ${sortCode}, ${description}, ${tenantId}, 'test', ${nowText()}, 1)`.execute(t.app.ctx.db.db);
    }

    beforeAll(async () => {
      t = await createTestApp(kind);
      const db = t.app.ctx.db.db;
      await ensureTenant(db, B);
      const roleA = await insertRole(db, name('roleA'), 1, 1);
      roleB = await insertRole(db, name('roleB'), 1, B);
      await grant(
        db,
        roleA,
        ['list', 'add', 'edit', 'delete']
          .map((a) => `btn:system:position:${a}`)
          .concat(['btn:system:role:list', 'btn:system:role:authorize', 'btn:system:dataRule:list']),
      );
      await grant(db, roleB, ['btn:system:position:list', 'btn:system:role:list', 'btn:system:role:authorize']);
      // B's role sees only positions of sort code 1 and never their description; A's role is unrestricted
      const rule = newId();
      await sql`insert into sys_data_rule (id, tenant_id, name, model_id, kind, field, operator, value, enabled, create_by, create_time, version)
        values (${rule}, ${B}, ${name('rule')}, 'system.position', 'field', 'sortCode', 'eq', '1', 1, 'test', ${nowText()}, 1)`.execute(db);
      await sql`insert into sys_role_data_rule (id, role_id, rule_id, create_time, version) values (${newId()}, ${roleB}, ${rule}, ${nowText()}, 1)`.execute(
        db,
      );
      await sql`insert into sys_role_field (id, role_id, model_id, field, access, create_time, version)
        values (${newId()}, ${roleB}, 'system.position', 'description', 'hidden', ${nowText()}, 1)`.execute(db);
      await insertUser(db, { username: name('m'), password: PASSWORD, roleIds: [roleA, roleB], tenantIds: [1, B] });
      token = await t.login(name('m'), PASSWORD);
      inA = client(t, token, { tenant: 1 });
      inB = client(t, token, { tenant: B });
      noHeader = client(t, token);
      await insertPosition(B, name('b1'), 1, '乙一说明');
      await insertPosition(B, name('b2'), 2, '乙二说明');
      await insertPosition(1, name('a1'), 1, '甲一说明');
    });
    afterAll(async () => {
      await t?.close();
    });

    it('checks a route’s permission against the roles of the acting tenant only', async () => {
      expect((await inA.post(POSITIONS, { fullName: '甲', enCode: name('newa') })).body.code).toBe(200);
      const refused = await inB.post(POSITIONS, { fullName: '乙', enCode: name('newb') });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('CL_ERR_NO_PERMISSION');
      expect((await inB.del(`${POSITIONS}/any`)).status).toBe(403);
      // without a tenant header the request acts in the user's first tenant (1) and has its rights
      expect((await noHeader.del(`${POSITIONS}/any`)).status).not.toBe(403);
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from sys_position where en_code = ${name('newb')}`.execute(t.app.ctx.db.db);
      expect(Number(rows[0]!.n)).toBe(0);
    });

    it('offers, switches to and scopes by the departments of the acting tenant only', async () => {
      const db = t.app.ctx.db.db;
      const inAName = name('dA');
      const user = await insertUser(db, { username: name('dm'), password: PASSWORD, roleIds: [roleB], tenantIds: [1, B] });
      const departA = await insertDepart(db, inAName, '甲方部门', 1);
      const departB = await insertDepart(db, name('dB'), '乙方部门', B);
      for (const depId of [departA, departB])
        await db.insertInto('sysUserDepart').values({ id: newId(), userId: user, depId, createTime: nowText() }).execute();
      const acting = client(t, await t.login(name('dm'), PASSWORD), { tenant: B });
      const offered = await acting.get('/sys/user/getCurrentUserDeparts');
      expect((offered.body.result.list as { id: string }[]).map((d) => d.id)).toEqual([departB]);
      const refused = await acting.put('/sys/selectDepart', { orgCode: inAName, username: name('dm') });
      expect(refused.body).toMatchObject({ success: false, error: 'CL_ERR_DEPART_NOT_MINE' });
      expect((await acting.put('/sys/selectDepart', { orgCode: name('dB'), username: name('dm') })).body.success).toBe(true);
      // a department rule acting in B counts B's departments only: a position of B filed under A's department stays out
      const rule = newId();
      await sql`insert into sys_data_rule (id, tenant_id, name, model_id, kind, enabled, create_by, create_time, version)
        values (${rule}, ${B}, ${name('deprule')}, 'system.position', 'department', 1, 'test', ${nowText()}, 1)`.execute(db);
      const deptRole = await insertRole(db, name('deptRole'), 1, B);
      await grant(db, deptRole, ['btn:system:position:list']);
      await sql`insert into sys_role_data_rule (id, role_id, rule_id, create_time, version) values (${newId()}, ${deptRole}, ${rule}, ${nowText()}, 1)`.execute(
        db,
      );
      await db.deleteFrom('sysUserRole').where('userId', '=', user).execute();
      await db.insertInto('sysUserRole').values({ id: newId(), userId: user, roleId: deptRole, createTime: nowText() }).execute();
      for (const [code, organizeId] of [
        [`dq${process.pid}posB`, departB],
        [`dq${process.pid}posA`, departA],
      ])
        await sql`insert into sys_position (id, full_name, en_code, enabled_mark, sort_code, organize_id, tenant_id, create_by, create_time, version)
          values (${newId()}, ${code}, ${code}, 1, 1, ${organizeId}, ${B}, 'test', ${nowText()}, 1)`.execute(db);
      const again = client(t, await t.login(name('dm'), PASSWORD), { tenant: B });
      // (codes of their own: the other cases list every position named name(''))
      const listed = await again.get(POSITIONS, { keyword: `dq${process.pid}pos`, pageSize: 50 });
      expect((listed.body.data.list as { enCode: string }[]).map((p) => p.enCode)).toEqual([`dq${process.pid}posB`]);
    });

    it('answers menus and buttons of the acting tenant’s roles only', async () => {
      const codes = async (c: Client) => {
        const reply = await c.get('/sys/permission/getUserPermissionByToken');
        expect(reply.body.success).toBe(true);
        return (reply.body.result.auth as { action: string }[]).map((a) => a.action).sort();
      };
      expect(await codes(inB)).toEqual(['system:position:list', 'system:role:authorize', 'system:role:list']);
      expect(await codes(inA)).toEqual(expect.arrayContaining(['system:position:add', 'system:position:delete']));
    });

    it('answers the Authorize tree and permission-checked reads with the acting tenant’s rights', async () => {
      const tree = flatten((await inB.get(`${ROLES}/${roleB}/Authorize`)).body.data.tree as Node[])
        .map((n) => n.perms)
        .filter(Boolean);
      expect(tree.sort()).toEqual(['system:position:list', 'system:role:authorize', 'system:role:list']);
      // granting what only A's role holds is refused while acting in B
      const escalate = await inB.put(`${ROLES}/${roleB}/Authorize`, { permissionIds: ['btn:system:position:list', 'btn:system:position:add'] });
      expect(escalate.body.error).toBe('CL_ERR_PERMISSION_NOT_GRANTABLE');
      // holdsPermission (column settings need the model's list code): only A's role lists data rules
      expect((await inA.get('/api/permission/Authority/GetColumnsByModuleId/system.dataRule')).body.code).toBe(200);
      expect((await inB.get('/api/permission/Authority/GetColumnsByModuleId/system.dataRule')).body.error).toBe('CL_ERR_MODEL_UNKNOWN');
      expect((await inB.get('/api/permission/Authority/GetColumnsByModuleId/system.position')).body.code).toBe(200);
    });

    it('compiles the data scope and field access from the acting tenant’s roles, cached per tenant', async () => {
      const list = async (c: Client) => {
        const reply = await c.get(POSITIONS, { keyword: name(''), pageSize: 50 });
        expect(reply.body.code, JSON.stringify(reply.body)).toBe(200);
        return reply.body.data.list as { enCode: string; description?: string }[];
      };
      // first A (fills the cache for A), then B, then A again: each sees its own tenant's rights
      expect((await list(inA)).map((r) => r.description)).toContain('甲一说明');
      const b = await list(inB);
      expect(b.map((r) => r.enCode)).toEqual([name('b1')]);
      expect(b[0]).not.toHaveProperty('description');
      expect((await list(inA)).map((r) => r.description)).toContain('甲一说明');
    });
  });
});
