import { describe, expect, it, vi } from 'vitest';
import { runNavigationGuard, type GuardDeps } from '../../../../src/routing/runNavigationGuard';
import { startPermissionsEarly } from '../../../../src/routing/startPermissionsEarly';
import { createSessionStore } from '../../../../src/session/createSessionStore';
import { createFakeHttp, type FakeRoutes } from '../helpers/fakeHttp';
import { loginResult, permissionResult } from '../helpers/fixtures';

const PERMISSIONS_URL = '/sys/permission/getUserPermissionByToken';

function setup(routes: FakeRoutes, signedIn = true) {
  window.localStorage.clear();
  window.sessionStorage.clear();
  const session = createSessionStore({ local: window.localStorage, session: window.sessionStorage });
  if (signedIn) session.signIn(loginResult(), 'zh-CN');
  session.chooseTopMenu('system');
  const http = createFakeHttp({ 'POST /sys/logout': null, ...routes });
  const deps: GuardDeps = { session, http, onPermissionsFailed: vi.fn() };
  const permissionCalls = () => http.calls.filter((c) => c.url === PERMISSIONS_URL).length;
  return { session, http, deps, permissionCalls };
}

/** A permission answer the test releases when it wants. */
function heldAnswer() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { release, route: async () => (await released, permissionResult()) };
}

describe('startPermissionsEarly: the permission list of a visit with a session, before the router', () => {
  it('asks at once, and the guard takes that request instead of making a second one', async () => {
    const held = heldAnswer();
    const { deps, session, permissionCalls } = setup({ [`GET ${PERMISSIONS_URL}`]: held.route });
    const early = startPermissionsEarly(deps, '/system/position');
    expect(permissionCalls()).toBe(1);
    const decision = runNavigationGuard('/system/position', '', early);
    held.release();
    expect(await decision).toEqual({ kind: 'pass' });
    expect(permissionCalls()).toBe(1);
    expect(session.state.menu).toHaveLength(2);
  });

  it('an early failure reaches the guard, which signs out with its message, once', async () => {
    const failure = new Error('拒绝访问');
    const { deps, session, http, permissionCalls } = setup({
      [`GET ${PERMISSIONS_URL}`]: () => {
        throw failure;
      },
    });
    const early = startPermissionsEarly(deps, '/system/position');
    // the failure has come before the router asks
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await runNavigationGuard('/system/position', '', early)).toEqual({ kind: 'redirect', to: '/user/login?redirect=%2Fsystem%2Fposition' });
    expect(deps.onPermissionsFailed).toHaveBeenCalledExactlyOnceWith(failure);
    expect(permissionCalls()).toBe(1);
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /sys/logout');
    expect(session.state.token).toBeNull();
  });

  it('a later session loads its own list, not the failed early one of the session before', async () => {
    const { deps, session, http, permissionCalls } = setup({
      [`GET ${PERMISSIONS_URL}`]: () => {
        throw new Error('会话已过期');
      },
    });
    const early = startPermissionsEarly(deps, '/system/position');
    await new Promise((resolve) => setTimeout(resolve, 0));
    // signed out elsewhere and in again before the router asked: a new token, a server that answers
    session.clear();
    session.signIn(loginResult({ token: 'tok-456' }), 'zh-CN');
    session.chooseTopMenu('system');
    http.routes[`GET ${PERMISSIONS_URL}`] = permissionResult();
    expect(await runNavigationGuard('/system/position', '', early)).toEqual({ kind: 'pass' });
    expect(deps.onPermissionsFailed).not.toHaveBeenCalled();
    expect(permissionCalls()).toBe(2);
    expect(session.state.menu).toHaveLength(2);
  });

  it.each([
    ['a public page', '/user/register', true],
    ['a visit without a session', '/system/position', false],
  ])('%s asks for nothing', (_case, pathname, signedIn) => {
    const { deps, permissionCalls } = setup({ [`GET ${PERMISSIONS_URL}`]: permissionResult() }, signedIn);
    expect(startPermissionsEarly(deps, pathname)).toBe(deps);
    expect(permissionCalls()).toBe(0);
  });

  it('the sign-in page with a session asks: the guard sends the user on into the app', () => {
    const { deps, permissionCalls } = setup({ [`GET ${PERMISSIONS_URL}`]: permissionResult() });
    startPermissionsEarly(deps, '/user/login');
    expect(permissionCalls()).toBe(1);
  });
});
