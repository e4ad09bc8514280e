import { beforeEach, describe, expect, it, vi } from 'vitest';
import { runNavigationGuard, type GuardDeps } from '../../../../src/routing/runNavigationGuard';
import { createSessionStore } from '../../../../src/session/createSessionStore';
import { createFakeHttp, type FakeRoutes } from '../helpers/fakeHttp';
import { loginResult, permissionResult, SAMPLE_MENU } from '../helpers/fixtures';

function setup(routes: FakeRoutes = {}, signedIn = true) {
  window.localStorage.clear();
  window.sessionStorage.clear();
  const session = createSessionStore({ local: window.localStorage, session: window.sessionStorage });
  if (signedIn) session.signIn(loginResult(), 'zh-CN');
  const http = createFakeHttp({ 'POST /sys/logout': null, ...routes });
  const deps: GuardDeps = { session, http, onPermissionsFailed: vi.fn() };
  return { session, http, deps, guard: (path: string, search = '') => runNavigationGuard(path, search, deps) };
}

const PERMISSIONS = { 'GET /sys/permission/getUserPermissionByToken': permissionResult() };

describe('navigation guard (spec 000 §2, steps 1–6)', () => {
  beforeEach(() => vi.clearAllMocks());

  it('1. with a stored token, /user/login sends the user to the default home path', async () => {
    const { guard, http } = setup();
    expect(await guard('/user/login', '?redirect=%2Fx')).toEqual({ kind: 'redirect', to: '/dashboard/analysis' });
    expect(http.calls).toEqual([]);
  });

  it.each(['/user/login', '/user/register', '/user/register-result', '/user/alteration', '/whiteView/onSiteInspectionReport'])(
    '2. public path %s passes without a token and without any call',
    async (path) => {
      const { guard, http } = setup({}, false);
      expect(await guard(path)).toEqual({ kind: 'pass' });
      expect(http.calls).toEqual([]);
    },
  );

  it('3. loads the permission list once and keeps menu, auth and allAuth', async () => {
    const { guard, http, session } = setup(PERMISSIONS);
    session.chooseTopMenu('system');
    expect(await guard('/system/position')).toEqual({ kind: 'pass' });
    expect(await guard('/system/legacy')).toEqual({ kind: 'pass' });
    expect(http.calls.filter((c) => c.url === '/sys/permission/getUserPermissionByToken')).toHaveLength(1);
    expect(session.state.menu).toHaveLength(2);
    expect(session.state.auth).toEqual(permissionResult().auth);
    expect(JSON.parse(window.sessionStorage.getItem('cloudlab__allAuth')!).value).toEqual(permissionResult().allAuth);
  });

  it('3. without a chosen top-level menu the user goes to /menuList (keeping the target), which itself passes', async () => {
    const { guard } = setup(PERMISSIONS);
    expect(await guard('/system/position', '?a=1')).toEqual({ kind: 'redirect', to: '/menuList?redirect=%2Fsystem%2Fposition%3Fa%3D1' });
    expect(await guard('/')).toEqual({ kind: 'redirect', to: '/menuList' });
    expect(await guard('/dashboard/analysis')).toEqual({ kind: 'redirect', to: '/menuList' });
    expect(await guard('/menuList')).toEqual({ kind: 'pass' });
  });

  it('3. a stored choice that is not one of this user’s top-level menus counts as no choice', async () => {
    const { guard, session } = setup(PERMISSIONS);
    session.chooseTopMenu('gone');
    expect(await guard('/')).toEqual({ kind: 'redirect', to: '/menuList' });
  });

  it('3. even with exactly one top-level menu the user chooses it on /menuList (nothing is chosen for them)', async () => {
    const { guard, session } = setup({ 'GET /sys/permission/getUserPermissionByToken': permissionResult([SAMPLE_MENU[0]!]) });
    expect(await guard('/system/position')).toEqual({ kind: 'redirect', to: '/menuList?redirect=%2Fsystem%2Fposition' });
    expect(session.state.topMenuId).toBeNull();
  });

  it('4. once a top-level menu is chosen, navigation continues to the requested path', async () => {
    const { guard, session } = setup(PERMISSIONS);
    session.chooseTopMenu('lab');
    expect(await guard('/lab/sample')).toEqual({ kind: 'pass' });
  });

  it('5. when permissions fail to load: logout, then /user/login with the original full path as redirect', async () => {
    const failure = new Error('拒绝访问');
    const { guard, session, http, deps } = setup({
      'GET /sys/permission/getUserPermissionByToken': () => {
        throw failure;
      },
    });
    expect(await guard('/system/position', '?id=7')).toEqual({ kind: 'redirect', to: '/user/login?redirect=%2Fsystem%2Fposition%3Fid%3D7' });
    expect(deps.onPermissionsFailed).toHaveBeenCalledWith(failure);
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /sys/logout');
    expect(session.state.token).toBeNull();
  });

  it('5. "If no menu is returned" the load is rejected (permissions must be a non-null array)', async () => {
    const { guard, deps, session } = setup({ 'GET /sys/permission/getUserPermissionByToken': { menu: null, auth: [], allAuth: [] } });
    expect(await guard('/')).toEqual({ kind: 'redirect', to: '/user/login?redirect=%2F' });
    expect(String(vi.mocked(deps.onPermissionsFailed).mock.calls[0]![0])).toMatch(/non-null array/);
    expect(session.state.token).toBeNull();
  });

  it('5. an empty menu is refused like a missing one', async () => {
    const { guard, deps, session } = setup({ 'GET /sys/permission/getUserPermissionByToken': { menu: [], auth: [], allAuth: [] } });
    expect(await guard('/dashboard/analysis')).toEqual({ kind: 'redirect', to: '/user/login?redirect=%2Fdashboard%2Fanalysis' });
    expect(String(vi.mocked(deps.onPermissionsFailed).mock.calls[0]![0])).toMatch(/non-null array/);
    expect(session.state.token).toBeNull();
  });

  it('6. without a token a non-public path goes to /user/login with the redirect query', async () => {
    const { guard, http } = setup({}, false);
    expect(await guard('/system/position', '?id=7')).toEqual({ kind: 'redirect', to: '/user/login?redirect=%2Fsystem%2Fposition%3Fid%3D7' });
    expect(await guard('/menuList')).toEqual({ kind: 'redirect', to: '/user/login?redirect=%2FmenuList' });
    expect(http.calls).toEqual([]);
  });

  it('6. without a token the fixed routes that only redirect lead on first: /user is the sign-in page, / and /test name their targets', async () => {
    const { guard, http } = setup({}, false);
    expect(await guard('/user')).toEqual({ kind: 'redirect', to: '/user/login' });
    expect(await guard('/user/')).toEqual({ kind: 'redirect', to: '/user/login' });
    expect(await guard('/')).toEqual({ kind: 'redirect', to: '/user/login?redirect=%2Fdashboard%2Fanalysis' });
    expect(await guard('/test')).toEqual({ kind: 'redirect', to: '/user/login?redirect=%2Ftest%2Fhome' });
    expect(http.calls).toEqual([]);
  });
});
