import type { LoginResult, MenuNode, PermissionResult } from '../../../../src/session/types';

export function loginResult(overrides: Partial<LoginResult> = {}): LoginResult {
  return {
    token: 'tok-123',
    userInfo: { id: 'u1', username: 'admin', realname: '管理员', orgCode: 'A01', mustChangePassword: false },
    departs: [{ id: 'd1', departName: '检测一部', orgCode: 'A01' }],
    multi_depart: 1,
    sysAllDictItems: { enabled_state: [{ value: '1', text: '启用' }] },
    ...overrides,
  };
}

/** Two top-level menus; '系统管理' holds a model screen, a hidden detail route, an external link and an unknown page. */
export const SAMPLE_MENU: MenuNode[] = [
  {
    id: 'system',
    path: '/system',
    component: 'RouteView',
    route: '1',
    meta: { title: '系统管理', icon: 'setting' },
    children: [
      {
        id: 'system.org',
        path: '/system/org',
        component: 'RouteView',
        route: '1',
        meta: { title: '组织机构' },
        children: [
          {
            id: 'system.position',
            path: '/system/position',
            component: 'ModelPage/system.position',
            route: '1',
            meta: { title: '岗位管理', icon: 'idcard' },
            children: [
              {
                id: 'system.position.detail',
                path: '/system/position/detail',
                component: 'ModelPage/system.positionDetail',
                route: '1',
                hidden: true,
                meta: { title: '岗位详情' },
              },
            ],
          },
          { id: 'system.secret', path: '/system/secret', component: 'ModelPage/system.secret', route: '1', hidden: true, meta: { title: '隐藏页面' } },
        ],
      },
      {
        id: 'system.docs',
        path: '/abc123def456',
        component: '',
        route: '1',
        meta: { title: '帮助文档', internalOrExternal: true, url: 'https://docs.example.com/?token=${token}' },
      },
      { id: 'system.legacy', path: '/system/legacy', component: 'system/LegacyList', route: '1', meta: { title: '旧版页面' } },
      {
        id: 'system.empty',
        path: '/system/empty',
        component: 'RouteView',
        route: '1',
        meta: { title: '空目录' },
        children: [{ id: 'system.empty.only', path: '/system/empty/only', component: 'ModelPage/x', route: '1', hidden: true, meta: { title: '只读' } }],
      },
      { id: 'system.noroute', path: '/system/noroute', component: 'ModelPage/system.noroute', route: '0', meta: { title: '不加路由' } },
    ],
  },
  {
    id: 'lab',
    path: '/lab',
    component: 'RouteView',
    route: '1',
    meta: { title: '检测业务' },
    children: [{ id: 'lab.sample', path: '/lab/sample', component: 'ModelPage/lab.sample', route: '1', meta: { title: '样品管理' } }],
  },
];

export function permissionResult(menu: MenuNode[] = SAMPLE_MENU): PermissionResult {
  return { menu, auth: [{ action: 'system:position:add', type: '1' }], allAuth: [{ action: 'system:position:add', type: '1', status: '1' }] };
}
