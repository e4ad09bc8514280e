import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalPath } from '../../server/auth/menuTree.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, fixturePath, type TestApp } from '../helpers/testApp.js';
import { grant, insertPermissions, insertRole, insertUser } from '../helpers/testRows.js';

const matrix = await databaseMatrix();
const URL = '/sys/permission/getUserPermissionByToken';
const PASSWORD = 'Fixture2024pw';
const LINK = 'https://example.org/doc?token=${token}';

describe.each(matrix)('$kind: getUserPermissionByToken', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let token: string;

    beforeAll(async () => {
      t = await createTestApp(kind, { extraSchemaDirs: [fixturePath('authModules')], config: { tokenUrlHosts: ['example.org'] } });
      const db = t.app.ctx.db.db;
      // ids and codes no module declares, so the engine's module sync cannot collide with them
      await insertPermissions(db, [
        { id: 'fx', name: '夹具菜单', menuType: 0, url: '/fixture', component: 'RouteView', sortNo: 900, icon: 'experiment', isLeaf: 0 },
        { id: 'fx.sub', name: '夹具子菜单', menuType: 1, parentId: 'fx', url: '/fixture/sub', component: 'ModelPage/authdict.sample', sortNo: 2, keepAlive: 1 },
        { id: 'fx.other', name: '夹具其他', menuType: 1, parentId: 'fx', url: '/fixture/other', component: 'ModelPage/authdict.shared', sortNo: 1 },
        { id: 'fx.link', name: '夹具外链', menuType: 0, url: LINK, internalOrExternal: 1, isRoute: 0, sortNo: 901 },
        { id: 'btn:fx:view', name: '夹具查看', menuType: 2, parentId: 'fx.sub', perms: 'fx:view', sortNo: 1 },
        { id: 'btn:fx:purge', name: '夹具清除', menuType: 2, parentId: 'fx.sub', perms: 'fx:purge', permsType: '2', sortNo: 2 },
        { id: 'btn:fx:old', name: '夹具旧规则', menuType: 2, parentId: 'fx.sub', perms: 'fx:old', status: '0', sortNo: 3 },
      ]);
      await insertRole(db, 'role-fixture');
      await insertRole(db, 'role-fixture-off', 0);
      await grant(db, 'role-fixture', ['fx.sub', 'fx.link', 'btn:fx:view', 'btn:fx:old']);
      await grant(db, 'role-fixture-off', ['fx.other', 'btn:fx:purge']);
      await insertUser(db, { username: 'fixture1', password: PASSWORD, roleIds: ['role-fixture', 'role-fixture-off'] });
      await insertUser(db, { username: 'nogrants', password: PASSWORD });
      token = await t.login('fixture1', PASSWORD);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers the granted menus with their ancestors, and only enabled roles count', async () => {
      const res = await t.request({ method: 'GET', url: URL, token });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, code: 200 });
      expect(body.result.menu).toEqual([
        {
          id: 'fx',
          path: '/fixture',
          name: 'fixture',
          component: 'RouteView',
          route: '1',
          meta: { title: '夹具菜单', icon: 'experiment', keepAlive: false, internalOrExternal: false, componentName: 'fixture' },
          children: [
            {
              id: 'fx.sub',
              path: '/fixture/sub',
              name: 'fixture-sub',
              component: 'ModelPage/authdict.sample',
              route: '1',
              // the model screen's model, and the granted enabled buttons under it (not the disabled fx:old)
              meta: {
                title: '夹具子菜单',
                icon: '',
                keepAlive: true,
                internalOrExternal: false,
                componentName: 'fixture-sub',
                relationId: 'authdict.sample',
                permissionList: [{ modelId: 'authdict.sample', button: [{ enCode: 'fx:view', fullName: '夹具查看' }], column: [], form: [] }],
              },
            },
          ],
        },
        {
          id: 'fx.link',
          path: externalPath(LINK),
          name: externalPath(LINK).slice(1),
          component: '',
          route: '0',
          meta: { title: '夹具外链', icon: '', keepAlive: false, internalOrExternal: true, componentName: externalPath(LINK).slice(1), url: LINK },
        },
      ]);
    });

    it('lists granted enabled buttons in auth and every button in allAuth', async () => {
      const body = (await t.request({ method: 'GET', url: URL, token })).json();
      expect(body.result.auth).toEqual([{ action: 'fx:view', type: '1', describe: '夹具查看' }]);
      expect(body.result.allAuth).toEqual(
        expect.arrayContaining([
          { action: 'fx:view', type: '1', describe: '夹具查看', status: '1' },
          { action: 'fx:purge', type: '2', describe: '夹具清除', status: '1' },
          { action: 'fx:old', type: '1', describe: '夹具旧规则', status: '0' },
        ]),
      );
    });

    it('translates titles and descriptions to the request language', async () => {
      const en = (await t.request({ method: 'GET', url: URL, token, headers: { 'accept-language': 'en' } })).json();
      expect(en.result.menu[0].meta.title).toBe('Fixture menu');
      expect(en.result.menu[0].children[0].meta.title).toBe('Fixture submenu');
      expect(en.result.auth[0].describe).toBe('Fixture view');
      const tw = (await t.request({ method: 'GET', url: URL, token, headers: { 'accept-language': 'zh-TW' } })).json();
      expect(tw.result.menu[0].meta.title).toBe(t.app.ctx.translate('夹具菜单', 'zh-TW'));
      expect(tw.result.menu[0].meta.title).not.toBe('夹具菜单');
    });

    it('answers success with an empty menu for a user without grants', async () => {
      const own = await t.login('nogrants', PASSWORD);
      const body = (await t.request({ method: 'GET', url: URL, token: own })).json();
      expect(body).toMatchObject({ success: true, code: 200, result: { menu: [], auth: [] } });
      expect(body.result.allAuth.length).toBeGreaterThanOrEqual(3);
    });

    it('takes a revoked grant into account on the next request', async () => {
      const db = t.app.ctx.db.db;
      await db.updateTable('sysPermission').set({ status: '0' }).where('id', '=', 'fx').execute();
      try {
        const body = (await t.request({ method: 'GET', url: URL, token })).json();
        expect(body.result.menu.map((n: { id: string }) => n.id)).toEqual(['fx.link']);
      } finally {
        await db.updateTable('sysPermission').set({ status: '1' }).where('id', '=', 'fx').execute();
      }
    });
  });
});
