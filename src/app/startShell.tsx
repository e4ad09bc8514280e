import type { ReactNode } from 'react';
import type { SignInExit } from '../pages/SignInExit';
import type { GuardDeps } from '../routing/runNavigationGuard';
import { LOGIN_PATH } from './constants';
import { RouteErrorPage } from './RouteErrorPage';
import { hashLocation, signInEntry } from './signInEntry';
import { SignInScreen } from './SignInScreen';

export interface ShellOptions {
  /** loaded with the router, before its first screen shows (main.tsx: antd's texts for the interface language) */
  withRouter?(): Promise<unknown>;
}

/**
 * Shows the first screen. The router, and antd with it (its root is antd's provider: RootLayout), would
 * be most of the sign-in route's JS, so a visit that starts at the sign-in page (as the guard decides:
 * signInEntry) gets that page without them; the router loads while the sign-in request runs and takes over
 * when the page is left or the address changes. Every other visit starts under the router. Either way the
 * routes and the guard are the router's own.
 */
export async function startShell(show: (screen: ReactNode) => unknown, deps: GuardDeps, options: ShellOptions = {}): Promise<void> {
  const loadRouter = () => Promise.all([import('./createRoutedScreen'), options.withRouter?.()]).then(([router]) => router);
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
