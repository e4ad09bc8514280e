import { describe, expect, it } from 'vitest';
import { buildButtonAuth } from '../../server/auth/buttonAuth.js';
import { buildMenuTree, externalPath, routeNameOf, type PermissionRow } from '../../server/auth/menuTree.js';

function row(partial: Pick<PermissionRow, 'id' | 'name'> & Partial<PermissionRow>): PermissionRow {
  return {
    parentId: null,
    url: null,
    component: null,
    componentName: null,
    redirect: null,
    menuType: 1,
    perms: null,
    permsType: '1',
    sortNo: 0,
    alwaysShow: 0,
    icon: null,
    isRoute: 1,
    keepAlive: 0,
    hidden: 0,
    internalOrExternal: 0,
    status: '1',
    delFlag: 0,
    ...partial,
  };
}

const upper = (zh: string) => `T(${zh})`;

const ROWS: PermissionRow[] = [
  row({ id: 'sys', name: '系统', menuType: 0, url: '/system', component: 'RouteView', sortNo: 90, icon: 'setting' }),
  row({ id: 'sys.b', name: '乙', parentId: 'sys', url: '/system/b', component: 'ModelPage/system.b', sortNo: 20 }),
  row({ id: 'sys.a', name: '甲', parentId: 'sys', url: '/system/a', component: 'ModelPage/system.a', sortNo: 10, keepAlive: 1 }),
  row({ id: 'sys.off', name: '停用', parentId: 'sys', url: '/system/off', component: 'X', status: '0' }),
  row({ id: 'sys.gone', name: '删除', parentId: 'sys', url: '/system/gone', component: 'X', delFlag: 1 }),
  row({ id: 'home', name: '首页', menuType: 0, url: '/dashboard', component: 'Dashboard', sortNo: 1 }),
  row({ id: 'dark', name: '停用父级', menuType: 0, url: '/dark', component: 'RouteView', status: '0' }),
  row({ id: 'dark.child', name: '孤儿', parentId: 'dark', url: '/dark/child', component: 'X' }),
  row({ id: 'link', name: '外链', menuType: 0, url: 'https://example.com/x?t=${token}', internalOrExternal: 1, isRoute: 0, sortNo: 5 }),
  row({ id: 'btn:sys:a:add', name: '新增', parentId: 'sys.a', menuType: 2, perms: 'sys:a:add', sortNo: 1 }),
  row({ id: 'btn:sys:a:off', name: '停用按钮', parentId: 'sys.a', menuType: 2, perms: 'sys:a:off', status: '0', sortNo: 2 }),
];

describe('buildMenuTree', () => {
  it('includes the ancestors of a granted child and sorts siblings by sortNo', () => {
    const tree = buildMenuTree(ROWS, new Set(['sys.a', 'sys.b', 'home']), upper);
    expect(tree.map((n) => n.id)).toEqual(['home', 'sys']);
    expect(tree[1]!.children!.map((n) => n.id)).toEqual(['sys.a', 'sys.b']);
  });

  it('shapes a node as the client router expects and translates the title', () => {
    const [sys] = buildMenuTree(ROWS, new Set(['sys.a']), upper);
    expect(sys).toEqual({
      id: 'sys',
      path: '/system',
      name: 'system',
      component: 'RouteView',
      route: '1',
      meta: { title: 'T(系统)', icon: 'setting', keepAlive: false, internalOrExternal: false, componentName: 'system' },
      children: [
        {
          id: 'sys.a',
          path: '/system/a',
          name: 'system-a',
          component: 'ModelPage/system.a',
          route: '1',
          meta: {
            title: 'T(甲)',
            icon: '',
            keepAlive: true,
            internalOrExternal: false,
            componentName: 'system-a',
            relationId: 'system.a',
            permissionList: [{ modelId: 'system.a', button: [], column: [], form: [] }],
          },
        },
      ],
    });
  });

  it('leaves out disabled and deleted menus, and children of a disabled parent', () => {
    const tree = buildMenuTree(ROWS, new Set(['sys.off', 'sys.gone', 'dark.child', 'dark']), upper);
    expect(tree).toEqual([]);
  });

  it('routes an external link under a stable hash of its URL and keeps the URL in meta.url', () => {
    const [link] = buildMenuTree(ROWS, new Set(['link']), upper, new Set(['example.com']));
    const url = 'https://example.com/x?t=${token}';
    expect(link!.path).toBe(externalPath(url));
    expect(link!.path).toMatch(/^\/[0-9a-f]{12}$/);
    expect(externalPath(url)).toBe(externalPath(url));
    expect(link!.route).toBe('0');
    expect(link!.meta).toMatchObject({ url, internalOrExternal: true });
  });

  it('marks hidden, alwaysShow and redirect only when set', () => {
    const rows = [row({ id: 'p', name: '父', menuType: 0, url: '/p', hidden: 1, alwaysShow: 1, redirect: '/p/q', component: 'RouteView' })];
    const [p] = buildMenuTree(rows, new Set(['p']), upper);
    expect(p).toMatchObject({ hidden: true, alwaysShow: true, redirect: '/p/q' });
    const [plain] = buildMenuTree(ROWS, new Set(['home']), upper);
    expect(plain).not.toHaveProperty('hidden');
    expect(plain).not.toHaveProperty('alwaysShow');
    expect(plain).not.toHaveProperty('redirect');
    expect(plain).not.toHaveProperty('children');
  });

  it('ignores buttons and survives a parent cycle', () => {
    const cyclic = [row({ id: 'x', name: 'x', parentId: 'y', url: '/x' }), row({ id: 'y', name: 'y', parentId: 'x', url: '/y' })];
    expect(buildMenuTree(cyclic, new Set(['x']), upper)).toEqual([]);
    expect(buildMenuTree(ROWS, new Set(['btn:sys:a:add']), upper)).toEqual([]);
  });

  it("gives a model screen its model as relationId and the user's enabled buttons on it as permissionList", () => {
    const rows = [
      ...ROWS,
      row({ id: 'btn:sys:a:edit', name: '编辑', parentId: 'sys.a', menuType: 2, perms: 'sys:a:edit', sortNo: 3 }),
      row({ id: 'btn:sys:a:delete', name: '删除', parentId: 'sys.a', menuType: 2, perms: 'sys:a:delete', sortNo: 4 }),
      row({ id: 'btn:sys:a:release', name: '发布', parentId: 'sys.a', menuType: 2, perms: 'sys:a:release', sortNo: 5 }),
    ];
    // granted: add, the disabled one, delete and release — not edit
    const granted = new Set(['sys.a', 'sys.b', 'home', 'btn:sys:a:add', 'btn:sys:a:off', 'btn:sys:a:delete', 'btn:sys:a:release']);
    const tree = buildMenuTree(rows, granted, upper);
    const [a, b] = tree[1]!.children!;
    expect(a!.meta.relationId).toBe('system.a');
    expect(a!.meta.permissionList).toEqual([
      {
        modelId: 'system.a',
        // add/edit/delete answer to the spec's default codes; other buttons keep their own code
        button: [
          { enCode: 'btn_add', fullName: 'T(新增)' },
          { enCode: 'btn_remove', fullName: 'T(删除)' },
          { enCode: 'sys:a:release', fullName: 'T(发布)' },
        ],
        column: [],
        form: [],
      },
    ]);
    expect(b!.meta.permissionList).toEqual([{ modelId: 'system.b', button: [], column: [], form: [] }]);
    // pages that show no model carry neither
    expect(tree[0]!.meta).not.toHaveProperty('relationId');
    expect(tree[0]!.meta).not.toHaveProperty('permissionList');
  });

  it("serves a '/business' link (opened with the business token appended) only on an https host listed for tokens", () => {
    const rows = [
      row({ id: 'biz', name: '业务', menuType: 0, url: '/business', component: 'RouteView' }),
      row({ id: 'biz.ok', name: '业务平台', parentId: 'biz', url: 'https://lims.example.com/sso', internalOrExternal: 1, isRoute: 0, sortNo: 1 }),
      row({ id: 'biz.bad', name: '别处', parentId: 'biz', url: 'https://elsewhere.example.net/sso', internalOrExternal: 1, isRoute: 0, sortNo: 2 }),
      row({ id: 'biz.plain', name: '明文', parentId: 'biz', url: 'http://lims.example.com/sso', internalOrExternal: 1, isRoute: 0, sortNo: 3 }),
      row({ id: 'other', name: '外链', menuType: 0, url: 'https://elsewhere.example.net/doc', internalOrExternal: 1, isRoute: 0 }),
    ];
    const tree = buildMenuTree(rows, new Set(['biz.ok', 'biz.bad', 'biz.plain', 'other']), upper, new Set(['lims.example.com']));
    const biz = tree.find((n) => n.id === 'biz')!;
    const [ok, bad, plain] = biz.children!;
    expect(ok!.meta).toMatchObject({ url: 'https://lims.example.com/sso', internalOrExternal: true });
    for (const refused of [bad!, plain!]) {
      expect(refused.meta).not.toHaveProperty('url');
      expect(refused.meta.internalOrExternal).toBe(false);
      expect(refused.path).toBe(`/${refused.id}`);
    }
    // an external link elsewhere carries no token and keeps its address
    expect(tree.find((n) => n.id === 'other')!.meta.url).toBe('https://elsewhere.example.net/doc');
  });

  it('falls back to RouteView for a container without component and to the id for a menu without url', () => {
    const rows = [row({ id: 'ui-made', name: '界面新建', menuType: 0 }), row({ id: 'kid', name: '子', parentId: 'ui-made', url: '/kid', component: 'Kid' })];
    const [parent] = buildMenuTree(rows, new Set(['kid']), upper);
    expect(parent).toMatchObject({ path: '/ui-made', name: 'ui-made', component: 'RouteView' });
    expect(parent!.children![0]).toMatchObject({ component: 'Kid' });
  });

  it('derives route names from paths', () => {
    expect(routeNameOf('/system/position')).toBe('system-position');
    expect(routeNameOf('/dashboard')).toBe('dashboard');
  });
});

describe('buildButtonAuth', () => {
  it('lists granted enabled buttons in auth and every button with its status in allAuth', () => {
    const { auth, allAuth } = buildButtonAuth(ROWS, new Set(['btn:sys:a:add', 'btn:sys:a:off', 'sys.a']), upper);
    expect(auth).toEqual([{ action: 'sys:a:add', type: '1', describe: 'T(新增)' }]);
    expect(allAuth).toEqual([
      { action: 'sys:a:add', type: '1', describe: 'T(新增)', status: '1' },
      { action: 'sys:a:off', type: '1', describe: 'T(停用按钮)', status: '0' },
    ]);
  });

  it('gives a user without grants an empty auth but the full allAuth', () => {
    const { auth, allAuth } = buildButtonAuth(ROWS, new Set(), upper);
    expect(auth).toEqual([]);
    expect(allAuth).toHaveLength(2);
  });
});

describe('${token} in menu URLs', () => {
  const hosts = new Set(['lims.example.com', 'report.example.com:8443']);
  const urlOf = (url: string) => {
    const [node] = buildMenuTree([row({ id: 'l', name: '外链', menuType: 0, url, internalOrExternal: 1, isRoute: 0 })], new Set(['l']), upper, hosts);
    return node!.meta.url;
  };

  it('keeps the placeholder for https on a configured host', () => {
    expect(urlOf('https://lims.example.com/sso?t=${token}')).toBe('https://lims.example.com/sso?t=${token}');
    expect(urlOf('https://LIMS.example.com/${token}/x')).toBe('https://LIMS.example.com/${token}/x');
    expect(urlOf('https://report.example.com:8443/r?t=${token}')).toBe('https://report.example.com:8443/r?t=${token}');
  });

  it.each([
    ['plain http', 'http://lims.example.com/sso?t=${token}'],
    ['another host', 'https://evil.example.net/sso?t=${token}'],
    ['a look-alike host', 'https://lims.example.com.evil.net/?t=${token}'],
    ['credentials before the host', 'https://lims.example.com@evil.net/?t=${token}'],
    ['another port', 'https://report.example.com/r?t=${token}'],
    ['the placeholder in the host', 'https://${token}.lims.example.com/'],
  ])('removes it for %s', (_why, url) => {
    expect(urlOf(url)).toBe(url.split('${token}').join(''));
  });

  it('removes it everywhere when no host is configured', () => {
    const [node] = buildMenuTree([row({ id: 'l', name: '外链', menuType: 0, url: 'https://lims.example.com/?t=${token}', isRoute: 0 })], new Set(['l']), upper);
    expect(node!.meta.url).toBe('https://lims.example.com/?t=');
  });
});
