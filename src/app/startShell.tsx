import type { ReactNode } from 'react';
import type { Lang } from '../../runtime/model/types';
import { loadDayjsLocale } from '../i18n/dayjsLocaleLoaders';
import type { SignInExit } from '../pages/SignInExit';
import type { GuardDeps } from '../routing/runNavigationGuard';
import { needsPermissionsFirst, startPermissionsEarly } from '../routing/startPermissionsEarly';
import { LOGIN_PATH } from './constants';
import { RouteErrorPage } from './RouteErrorPage';
import { hashLocation, signInEntry } from './signInEntry';
import { SignInScreen } from './SignInScreen';

export interface ShellOptions {
  /** loaded with the router, before its first screen shows (main.tsx: antd's texts for the interface language) */
  withRouter?(): Promise<unknown>;
  /**
   * the first screen waits for it (main.tsx: the shell's texts; it must not reject); a signed-in visit's
   * downloads start before, and its router too: the router's first loader waits for it
   */
  ready?: Promise<unknown>;
  /** the interface language when the router starts (dayjs's texts load with it); default zh-CN */
  lang?(): Lang;
}

/**
 * Shows the first screen. The router, and antd with it (its root is antd's provider: RootLayout), would
 * be most of the sign-in route's JS, so a visit that starts at the sign-in page (as the guard decides:
 * signInEntry) gets that page without them; the router loads while the sign-in request runs and takes over
 * when the page is left or the address changes. Every other visit starts under the router. Either way the
 * routes and the guard are the router's own.
 */
export async function startShell(show: (screen: ReactNode) => unknown, deps: GuardDeps, options: ShellOptions = {}): Promise<void> {
  let router: ReturnType<typeof loadRouterNow> | null = null;
  function loadRouterNow() {
    return Promise.all([import('./createRoutedScreen'), options.withRouter?.()]).then(([routed]) => routed);
  }
  // one download shared by everyone who asks; a failed one is tried again by the next to ask
  const loadRouter = () =>
    (router ??= loadRouterNow().catch((error: unknown) => {
      router = null;
      throw error;
    }));
  const { pathname } = hashLocation(window.location.hash);
  // a public page (the 404, say) opened with a session shows no app area and makes no request
  const signedIn = deps.session.state.token !== null && needsPermissionsFirst(pathname);
  // what the first screen of a visit with a session needs, fetched together rather than each after the
  // previous one (texts, router, guard, HTTP client, permission list, app area): the permission list, the
  // router and antd, the app area (layout, runtime, list page). The permission list first: its request needs
  // only the HTTP client's chunk, and the browser downloads and compiles the chunks in the order they are
  // asked for, so asked after the others it would leave only once they had all been compiled (hundreds of ms).
  const guardDeps = signedIn ? startPermissionsEarly(deps, pathname) : deps;
  if (signedIn) {
    // after what was asked for before this call (main.tsx: the shell's texts, a small chunk the first loader
    // waits for), whose import() leaves a moment later than the router's and the app area's own links
    await Promise.resolve();
    // a failure is the router's to show
    void loadRouter().catch(() => undefined);
    void import('../layout/AppArea').catch(() => undefined);
    // the router's first loader waits for dayjs's texts too: fetched now, not once the router exists
    void loadDayjsLocale(options.lang?.() ?? 'zh-CN').catch(() => undefined);
  }
  let routed = false;
  const startRouter = () => {
    if (routed) return;
    routed = true;
    window.removeEventListener('hashchange', onAddressChange);
    void loadRouter().then(
      ({ createRoutedScreen }) => show(createRoutedScreen(guardDeps, options.lang?.() ?? 'zh-CN', options.ready)),
      () => show(<RouteErrorPage />),
    );
  };
  function onAddressChange() {
    if (hashLocation(window.location.hash).pathname !== LOGIN_PATH) startRouter();
  }

  // a visit with a session goes to the router (signInEntry would say so) as soon as it has loaded, not once the
  // texts have too: its first loader waits for them, and dayjs's texts, which the router asks for, load meanwhile
  if (deps.session.state.token !== null) {
    startRouter();
    return;
  }
  await options.ready;
  const signInAt = await signInEntry(window.location.hash, guardDeps);
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
