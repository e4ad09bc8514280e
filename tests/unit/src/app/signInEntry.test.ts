import { describe, expect, it, vi } from 'vitest';
import { hashLocation, signInEntry } from '../../../../src/app/signInEntry';
import type { GuardDeps } from '../../../../src/routing/runNavigationGuard';
import { createSessionStore } from '../../../../src/session/createSessionStore';
import { createFakeHttp } from '../helpers/fakeHttp';
import { loginResult } from '../helpers/fixtures';

function deps(signedIn: boolean): GuardDeps & { http: ReturnType<typeof createFakeHttp> } {
  window.localStorage.clear();
  window.sessionStorage.clear();
  const session = createSessionStore({ local: window.localStorage, session: window.sessionStorage });
  if (signedIn) session.signIn(loginResult(), 'zh-CN');
  return { session, http: createFakeHttp(), onPermissionsFailed: vi.fn() };
}

describe('hashLocation', () => {
  it.each([
    ['', '/', ''],
    ['#', '/', ''],
    ['#/user/login?redirect=%2Fx', '/user/login', '?redirect=%2Fx'],
    ['#system/position', '/system/position', ''],
  ])('%s → %s %s', (hash, pathname, search) => {
    expect(hashLocation(hash)).toEqual({ pathname, search });
  });
});

describe('signInEntry: which first screens are the sign-in page', () => {
  it('the sign-in address itself, kept as it is', async () => {
    expect(await signInEntry('#/user/login?redirect=%2Flab', deps(false))).toBe('/user/login?redirect=%2Flab');
  });

  it.each([
    // '/' leads to the home page first (spec 000 §2: the router follows a redirect before the guard sees it)
    ['', '/user/login?redirect=%2Fdashboard%2Fanalysis'],
    ['#/system/position?id=1', '/user/login?redirect=%2Fsystem%2Fposition%3Fid%3D1'],
  ])('a visitor at %j is sent where the guard sends them: %s', async (hash, target) => {
    const visitor = deps(false);
    expect(await signInEntry(hash, visitor)).toBe(target);
    expect(visitor.http.calls).toEqual([]);
  });

  it('another public page is not the sign-in page', async () => {
    expect(await signInEntry('#/user/register', deps(false))).toBeNull();
  });

  it('with a session the router decides (the guard may need the network)', async () => {
    const member = deps(true);
    expect(await signInEntry('#/user/login', member)).toBeNull();
    expect(member.http.calls).toEqual([]);
  });
});
