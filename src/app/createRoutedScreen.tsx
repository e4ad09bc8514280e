import type { ReactNode } from 'react';
import { createHashRouter, RouterProvider, type LoaderFunction } from 'react-router-dom';
import type { Lang } from '../../runtime/model/types';
import { applyDayjsLocale } from '../i18n/dayjsLocale';
import { createGuardLoader } from '../routing/createGuardLoader';
import type { GuardDeps } from '../routing/runNavigationGuard';
import { buildAppRoutes } from './buildAppRoutes';

/**
 * The app under react-router, at the current address; in its own chunk, loaded by startShell.
 *
 * The root route's loader is the guard and, the first time, dayjs's texts for `lang` (loaded meanwhile):
 * the root layout waits for them (useDayjsLocale), and had it waited by rendering a loader and then
 * everything on the locale's arrival, that render would be an ordinary update, done in one piece (the
 * whole layout and page: hundreds of ms of blocking). After a loader, the router renders in a transition,
 * which React splits into short tasks, so the page's requests leave while the layout renders.
 * `ready` (the shell's texts, startShell) is waited for before the guard, which may speak (a failed
 * permission list): the router is created without waiting for them, so dayjs's texts load meanwhile.
 */
export function createRoutedScreen(deps: GuardDeps, lang: Lang = 'zh-CN', ready?: Promise<unknown>): ReactNode {
  // a locale chunk that fails to load leaves dates in English, not the app blank
  const dayjsTexts = applyDayjsLocale(lang).catch(() => undefined);
  const guard = createGuardLoader(deps);
  const loader: LoaderFunction = async (args) => {
    await ready;
    return (await Promise.all([guard(args), dayjsTexts]))[0];
  };
  return <RouterProvider router={createHashRouter(buildAppRoutes(loader))} />;
}
