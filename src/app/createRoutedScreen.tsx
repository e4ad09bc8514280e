import type { ReactNode } from 'react';
import { createHashRouter, RouterProvider } from 'react-router-dom';
import { createGuardLoader } from '../routing/createGuardLoader';
import type { GuardDeps } from '../routing/runNavigationGuard';
import { buildAppRoutes } from './buildAppRoutes';

/** The app under react-router, at the current address; in its own chunk, loaded by startShell. */
export function createRoutedScreen(deps: GuardDeps): ReactNode {
  return <RouterProvider router={createHashRouter(buildAppRoutes(createGuardLoader(deps)))} />;
}
