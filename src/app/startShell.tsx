import type { ReactNode } from 'react';
import type { SignInExit } from '../pages/SignInExit';
import type { GuardDeps } from '../routing/runNavigationGuard';
import { LOGIN_PATH } from './constants';
import { RouteErrorPage } from './RouteErrorPage';
import { hashLocation, signInEntry } from './signInEntry';
import { SignInScreen } from './SignInScreen';

const loadRouter = () => import('./createRoutedScreen');

/**
 * Shows the first screen. react-router is a third of the sign-in route's JS (~31 KB gzip), so a visit
 * that starts at the sign-in page (as the guard decides: signInEntry) gets that page without it; the
 * router loads while the sign-in request runs and takes over when the page is left or the address changes.
 * Every other visit starts under the router. Either way the routes and the guard are the router's own.
 */
export async function startShell(show: (screen: ReactNode) => unknown, deps: GuardDeps): Promise<void> {
  let routed = false;
  const startRouter = () => {
    if (routed) return;
    routed = true;
    window.removeEventListener('hashchange', onAddressChange);
    void loadRouter().then(
      ({ createRoutedScreen }) => show(createRoutedScreen(deps)),
      () => show(<RouteErrorPage />),
    );
  };
  function onAddressChange() {
    if (hashLocation(window.location.hash).pathname !== LOGIN_PATH) startRouter();
  }

  const signInAt = await signInEntry(window.location.hash, deps);
  if (signInAt === null) {
    startRouter();
    return;
  }
  // the guard's redirect, as the router would have written it
  window.history.replaceState(window.history.state, '', `#${signInAt}`);
  window.addEventListener('hashchange', onAddressChange);
  const exit: SignInExit = {
    redirect: new URLSearchParams(hashLocation(signInAt).search).get('redirect'),
    leave(to) {
      window.history.replaceState(window.history.state, '', `#${to}`);
      startRouter();
    },
    prepare: () => void loadRouter().catch(() => undefined),
  };
  show(<SignInScreen exit={exit} />);
}
