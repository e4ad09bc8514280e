import type { HttpClient } from '../../runtime/data/HttpClient';
import { DEFAULT_HOME_PATH, LOGIN_PATH, MENU_LIST_PATH, TEST_HOME_PATH, TEST_PATH } from '../app/constants';
import { chosenTopMenu } from '../menu/topLevelChoices';
import type { SessionStore } from '../session/createSessionStore';
import { loadPermissions } from '../session/loadPermissions';
import { logout } from '../session/logout';
import { isPublicPath } from './isPublicPath';
import { loginPathWithRedirect } from './loginPathWithRedirect';

export type GuardDecision = { kind: 'pass' } | { kind: 'redirect'; to: string };

export interface GuardDeps {
  session: SessionStore;
  http: HttpClient;
  /** tells the user why they were signed out (the permission list could not be loaded) */
  onPermissionsFailed(error: unknown): void;
  /** step 3's load of the permission list; default loadPermissions(http, session) (startSignedInVisit starts it early) */
  loadPermissions?(): Promise<void>;
}

const PASS: GuardDecision = { kind: 'pass' };

/**
 * Spec 000 §2's fixed routes that only redirect. The router follows them before the guard judges the path, so
 * a visitor's redirect query names where they lead, and /user is the (public) sign-in page itself.
 */
const FIXED_REDIRECTS: Readonly<Record<string, string>> = { '/': DEFAULT_HOME_PATH, '/user': LOGIN_PATH, [TEST_PATH]: TEST_HOME_PATH };
const redirectTo = (to: string): GuardDecision => ({ kind: 'redirect', to });

/**
 * Spec 000 §2 "Navigation guard", steps 1–6, for one navigation to `pathname` + `search`.
 * Routes themselves are built from the session's menu by the app area (step 4).
 */
export async function runNavigationGuard(pathname: string, search: string, deps: GuardDeps): Promise<GuardDecision> {
  const { session, http } = deps;
  const fullPath = `${pathname}${search}`;
  const hasToken = session.state.token !== null;

  // 1. signed in and asking for the sign-in page
  if (hasToken && pathname === LOGIN_PATH) return redirectTo(DEFAULT_HOME_PATH);
  // 2. public paths
  if (isPublicPath(pathname)) return PASS;
  // 6. no token
  if (!hasToken) {
    const target = FIXED_REDIRECTS[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname];
    if (target === undefined) return redirectTo(loginPathWithRedirect(fullPath));
    return redirectTo(isPublicPath(target) ? `${target}${search}` : loginPathWithRedirect(`${target}${search}`));
  }

  // 3. load the permission list once per page load; 5. on failure sign out and come back after login
  if (session.state.menu === null) {
    try {
      await (deps.loadPermissions ? deps.loadPermissions() : loadPermissions(http, session));
    } catch (error) {
      deps.onPermissionsFailed(error);
      await logout(http, session);
      return redirectTo(loginPathWithRedirect(fullPath));
    }
  }

  // 3. a top-level menu must be chosen (the choice is stored locally, so this happens once per browser)
  const menu = session.state.menu ?? [];
  if (chosenTopMenu(menu, session.state.topMenuId) === null && pathname !== MENU_LIST_PATH) {
    const home = pathname === '/' || pathname === DEFAULT_HOME_PATH;
    return redirectTo(home ? MENU_LIST_PATH : `${MENU_LIST_PATH}?redirect=${encodeURIComponent(fullPath)}`);
  }
  // 4. continue to the requested path (the login page handles its own redirect query)
  return PASS;
}
