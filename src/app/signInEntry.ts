import { runNavigationGuard, type GuardDeps } from '../routing/runNavigationGuard';
import { LOGIN_PATH } from './constants';

/** The path and query in a hash-router address ('#/user/login?redirect=…'; an empty hash is '/'). */
export function hashLocation(hash: string): { pathname: string; search: string } {
  const path = hash.replace(/^#/, '');
  const url = new URL(path.startsWith('/') ? path : `/${path}`, 'http://hash.invalid');
  return { pathname: url.pathname, search: url.search };
}

/**
 * Where a visit starts when its first screen is the sign-in page: the guard's own answer for the
 * address (a visitor is sent to '/user/login?redirect=…'), or null when the first screen is anything
 * else. Only asked without a session: then the guard decides without the network.
 */
export async function signInEntry(hash: string, deps: GuardDeps): Promise<string | null> {
  if (deps.session.state.token !== null) return null;
  const { pathname, search } = hashLocation(hash);
  const decision = await runNavigationGuard(pathname, search, deps);
  const target = decision.kind === 'redirect' ? decision.to : `${pathname}${search}`;
  return hashLocation(target).pathname === LOGIN_PATH ? target : null;
}
