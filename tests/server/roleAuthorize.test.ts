import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { grant, insertRole, insertUser } from '../helpers/testRows.js';
import { client, userWith, type Client } from './engineSupport.js';

// Role authorisation (spec 000 §6 menu and button permissions): the tree of menus, sub-menus and
// buttons, a role's grants checked in it, and their replacement in one call, within the caller's own rights.

const matrix = await databaseMatrix();
const ROLES = '/api/permission/Role';

interface Node {
  id: string;
  name: string;
  menuType: number;
  perms: string | null;
  children: Node[];
}

const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe.each(matrix)('$kind: role authorisation (GET/PUT /api/permission/Role/{id}/Authorize)', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let roleId = '';

    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
      const created = await admin.post(ROLES, { roleName: '岗位查看员', roleCode: `auth${process.pid}`, status: 1 });
      expect(created.body.code, JSON.stringify(created.body)).toBe(200);
      roleId = created.body.data.id;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers the menu tree with buttons under their menus, and grants exactly the ticked ids', async () => {
      const first = await admin.get(`${ROLES}/${roleId}/Authorize`);
      expect(first.body.code).toBe(200);
      expect(first.body.data.checked).toEqual([]);
      const all = flatten(first.body.data.tree);
      const system = first.body.data.tree.find((n: Node) => n.name === '系统管理') as Node;
      const positions = system.children.find((n) => n.name === '岗位管理')!;
      const buttons = positions.children.filter((n) => n.menuType === 2);
      const list = buttons.find((b) => b.perms === 'system:position:list')!;
      const add = buttons.find((b) => b.perms === 'system:position:add')!;
      expect(list).toBeDefined();
      expect(add).toBeDefined();
      expect(all.some((n) => n.perms === 'system:position:delete')).toBe(true);
      const ids = [system.id, positions.id, list.id, add.id];
      const saved = await admin.put(`${ROLES}/${roleId}/Authorize`, { permissionIds: ids });
      expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 200, data: { added: 4, removed: 0 } });
      expect((await admin.get(`${ROLES}/${roleId}/Authorize`)).body.data.checked.sort()).toEqual([...ids].sort());
      // a holder of the role gets these codes and no other
      await insertUser(t.app.ctx.db.db, { username: `auth${process.pid}u`, password: 'Passw0rd1', roleIds: [roleId] });
      const holder = client(t, await t.login(`auth${process.pid}u`, 'Passw0rd1'));
      expect((await holder.get('/api/permission/Position')).body.code).toBe(200);
      expect((await holder.del('/api/permission/Position/any')).status).toBe(403);
      const trimmed = await admin.put(`${ROLES}/${roleId}/Authorize`, { permissionIds: [system.id, positions.id, list.id] });
      expect(trimmed.body.data).toEqual({ added: 0, removed: 1 });
      const security = await t.app.ctx.db.db.selectFrom('sysSecurityLog').select('detail').where('event', '=', 'role.authorized').execute();
      expect(security.map((s) => s.detail)).toEqual(expect.arrayContaining([`role ${roleId}: +4 -0`, `role ${roleId}: +0 -1`]));
    });

    it('grants only what the caller holds, and refuses unknown ids and callers without the permission', async () => {
      const db = t.app.ctx.db.db;
      const editorRole = await insertRole(db, `auth${process.pid}editor`);
      await grant(db, editorRole, ['btn:system:role:authorize', 'btn:system:position:list']);
      await insertUser(db, { username: `auth${process.pid}e`, password: 'Passw0rd1', roleIds: [editorRole] });
      const editor = client(t, await t.login(`auth${process.pid}e`, 'Passw0rd1'));
      const tree = flatten((await editor.get(`${ROLES}/${roleId}/Authorize`)).body.data.tree);
      expect(
        tree
          .map((n) => n.perms)
          .filter(Boolean)
          .sort(),
      ).toEqual(['system:position:list', 'system:role:authorize']);
      const escalate = await editor.put(`${ROLES}/${roleId}/Authorize`, { permissionIds: ['btn:system:model:release'] });
      expect(escalate.body).toMatchObject({ code: 400, error: 'CL_ERR_PERMISSION_NOT_GRANTABLE' });
      expect((await admin.put(`${ROLES}/${roleId}/Authorize`, { permissionIds: ['no-such-permission'] })).body.error).toBe('CL_ERR_PERMISSION_NOT_GRANTABLE');
      expect((await admin.put(`${ROLES}/${roleId}/Authorize`, { permissionIds: 'x'.repeat(70) })).body.code).toBe(400);
      // the editor's own narrower rights leave the grants outside them untouched
      const other = (await admin.post(ROLES, { roleName: '另一角色', roleCode: `auth${process.pid}b`, status: 1 })).body.data.id as string;
      const both = ['btn:system:position:list', 'btn:system:position:add'];
      expect((await admin.put(`${ROLES}/${other}/Authorize`, { permissionIds: both })).body.code).toBe(200);
      expect((await editor.put(`${ROLES}/${other}/Authorize`, { permissionIds: [] })).body.data).toEqual({ added: 0, removed: 1 });
      expect((await admin.get(`${ROLES}/${other}/Authorize`)).body.data.checked).toEqual(['btn:system:position:add']);
      const plain = await userWith(t, ['system:position:list', 'system:role:list']);
      expect((await plain.get(`${ROLES}/${roleId}/Authorize`)).status).toBe(403);
    });
  });
});
