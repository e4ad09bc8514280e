import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, userWith, type Client } from './engineSupport.js';

// 菜单管理 (system.permission as a tree table): the roots are the menus without a parent, each level is
// read through the parent filter, and the tree's rules hold on every save and delete.

const matrix = await databaseMatrix();
const BASE = '/api/system/Menu';

describe.each(matrix)('$kind: the permission tree (菜单管理)', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    const tag = `M${process.pid}`;
    const add = async (values: Record<string, unknown>) => (await admin.post(BASE, { status: '1', ...values })).body;
    const level = async (parentId: string) =>
      ((await admin.get(BASE, { parentId, pageSize: 500 })).body.data.list as { id: string; name: string; parentId: string | null }[]).map((r) => r.name);

    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
    });
    afterAll(async () => {
      await t?.close();
    });

    it('lists the menus without a parent as the roots and the children of a node under it', async () => {
      const top = await add({ name: `${tag}检测`, menuType: 0, url: `/${tag}`, parentId: '0' });
      expect(top, JSON.stringify(top)).toMatchObject({ code: 200 });
      // the tree screen's root value is not stored: the new top menu has no parent, as the menu tree reads it
      const { rows } = await sql<{ p: string | null }>`select parent_id as p from sys_permission where id = ${top.data.id}`.execute(t.app.ctx.db.db);
      expect(rows[0]!.p).toBeNull();
      const roots = await level('0');
      expect(roots).toContain('系统管理');
      expect(roots).toContain(`${tag}检测`);
      expect(roots).not.toContain('用户管理');
      const child = await add({ name: `${tag}样品`, menuType: 1, url: `/${tag}/sample`, parentId: top.data.id });
      expect(child).toMatchObject({ code: 200 });
      const button = await add({ name: `${tag}新增`, menuType: 2, perms: `${tag}:sample:add`, parentId: child.data.id });
      expect(button).toMatchObject({ code: 200 });
      expect(await level(top.data.id)).toEqual([`${tag}样品`]);
      expect(await level(child.data.id)).toEqual([`${tag}新增`]);
    });

    it('refuses a top menu with a parent, a sub-menu or button without one, a button without its code and a child of a button', async () => {
      const top = await add({ name: `${tag}顶`, menuType: 0 });
      const messages = async (values: Record<string, unknown>) => {
        const body = await add(values);
        expect(body.code, JSON.stringify(body)).not.toBe(200);
        return String(body.msg);
      };
      expect(await messages({ name: `${tag}x1`, menuType: 0, parentId: top.data.id })).toContain('一级菜单不能有上级菜单');
      expect(await messages({ name: `${tag}x2`, menuType: 1 })).toContain('请选择上级菜单');
      expect(await messages({ name: `${tag}x3`, menuType: 2, parentId: top.data.id })).toContain('按钮权限必须填写授权标识');
      const button = await add({ name: `${tag}b`, menuType: 2, perms: `${tag}:b`, parentId: top.data.id });
      expect(await messages({ name: `${tag}x4`, menuType: 2, perms: `${tag}:c`, parentId: button.data.id })).toContain('按钮权限下不能添加下级');
      // a move under its own descendant would cut the branch off the tree
      const sub = await add({ name: `${tag}sub`, menuType: 1, parentId: top.data.id });
      const moved = await admin.put(`${BASE}/${top.data.id}`, { name: `${tag}顶`, menuType: 1, parentId: sub.data.id });
      expect(moved.body.code).not.toBe(200);
    });

    it('deletes a leaf with its role grants, and refuses a node with children or one a module defines', async () => {
      const top = await add({ name: `${tag}删`, menuType: 0 });
      const leaf = await add({ name: `${tag}删叶`, menuType: 2, perms: `${tag}:del`, parentId: top.data.id });
      await sql`insert into sys_role_permission (id, role_id, permission_id, create_by, create_time) values (${`rp${tag}`}, ${'1'}, ${leaf.data.id}, ${'t'}, ${'2026-01-01 00:00:00'})`.execute(
        t.app.ctx.db.db,
      );
      expect((await admin.del(`${BASE}/${top.data.id}`)).body.msg).toContain('该节点下有下级数据，不能删除');
      expect((await admin.del(`${BASE}/${leaf.data.id}`)).body).toMatchObject({ code: 200 });
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from sys_role_permission where permission_id = ${leaf.data.id}`.execute(
        t.app.ctx.db.db,
      );
      expect(Number(rows[0]!.n)).toBe(0);
      expect((await admin.del(`${BASE}/${top.data.id}`)).body).toMatchObject({ code: 200 });
      const moduleMenu = await sql<{ id: string }>`select id from sys_permission where module_id is not null and menu_type = 2 limit 1`.execute(
        t.app.ctx.db.db,
      );
      expect((await admin.del(`${BASE}/${moduleMenu.rows[0]!.id}`)).body.msg).toContain('该菜单由模块定义，不能删除');
    });

    it('refuses callers without the permission', async () => {
      const plain = await userWith(t, ['system:permission:list']);
      const top = await add({ name: `${tag}权`, menuType: 0 });
      expect((await plain.post(BASE, { name: `${tag}no`, menuType: 0 })).status).toBe(403);
      expect((await plain.del(`${BASE}/${top.data.id}`)).status).toBe(403);
      expect((await plain.get(BASE, { parentId: '0' })).body.code).toBe(200);
    });
  });
});
