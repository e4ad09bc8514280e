import { LOGIN_PATH } from '../app/constants';
import { loadPermissions } from '../session/loadPermissions';
import { isPublicPath } from './isPublicPath';
import type { GuardDeps } from './runNavigationGuard';

/**
 * Whether a visit with a session that starts at `pathname` needs the permission list first (as the guard
 * decides): every path but a public one, the sign-in page included (the guard sends the user home).
 */
export function needsPermissionsFirst(pathname: string): boolean {
  return pathname === LOGIN_PATH || !isPublicPath(pathname);
}

/**
 * Starts loading the permission list of a visit with a session that starts at `pathname` now (with the HTTP client's chunk), while the
 * router downloads, rather than when the guard first asks (after the router). Answers the guard's
 * dependencies with that request on its way: the guard's first load takes it (its failure included, which
 * signs out as ever) instead of making another; later loads, and any for another session, are its own.
 */
export function startPermissionsEarly(deps: GuardDeps, pathname: string): GuardDeps {
  const { session } = deps;
  if (session.state.token === null || session.state.menu !== null || !needsPermissionsFirst(pathname)) return deps;
  const load = deps.loadPermissions ?? (() => loadPermissions(deps.http, session));
  const token = session.state.token;
  let early: Promise<void> | null = load();
  // a load that succeeded has filled the session (the guard will not ask); a failure waits for the guard,
  // and must not be reported as unhandled meanwhile
  early.then(
    () => (early = null),
    () => undefined,
  );
  return {
    ...deps,
    loadPermissions: () => {
      // only for the session it was made for: signed out and in again, the new session loads its own
      const first = session.state.token === token ? early : null;
      early = null;
      return first ?? load();
    },
  };
}
