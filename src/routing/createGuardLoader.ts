import { redirect, type LoaderFunction } from 'react-router-dom';
import { runNavigationGuard, type GuardDeps } from './runNavigationGuard';

/** The guard as the root route's loader: it runs before every navigation renders. */
export function createGuardLoader(deps: GuardDeps): LoaderFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    const decision = await runNavigationGuard(url.pathname, url.search, deps);
    return decision.kind === 'redirect' ? redirect(decision.to) : null;
  };
}
