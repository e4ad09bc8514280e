import { Navigate, Outlet, type LoaderFunction, type RouteObject } from 'react-router-dom';
import { RoutedLoginPage } from '../pages/RoutedLoginPage';
import { UserLayout } from '../pages/UserLayout';
import { LOGIN_PATH, TEST_HOME_PATH } from './constants';
import { PageLoading } from './PageLoading';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';

const loadAppArea = async () => ({ Component: (await import('../layout/AppArea')).AppArea });
const loadNotFound = async () => ({ Component: (await import('../pages/NotFoundPage')).NotFoundPage });

/**
 * The fixed routes of spec 000 §2. The router itself loads lazily (startShell: a first visit to the
 * sign-in page renders it without the router); the error pages and the whole app area (menu list,
 * layout, renderer) load lazily too, so signing in never downloads them.
 * Tests pass their own `appArea` to stay clear of the renderer.
 */
export function buildAppRoutes(guard: LoaderFunction, appArea: RouteObject['lazy'] = loadAppArea): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      loader: guard,
      // the guard must see every navigation, not only those that change a loader's params
      shouldRevalidate: () => true,
      HydrateFallback: PageLoading,
      errorElement: <RouteErrorPage />,
      children: [
        {
          path: 'user',
          element: (
            <UserLayout>
              <Outlet />
            </UserLayout>
          ),
          children: [
            { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
            { path: 'login', element: <RoutedLoginPage /> },
            // public paths of the spec whose pages this product does not have: the 404 page, not the app area's loader
            { path: '*', lazy: loadNotFound },
          ],
        },
        { path: 'whiteView/onSiteInspectionReport', lazy: loadNotFound },
        { path: 'test', element: <Navigate to={TEST_HOME_PATH} replace /> },
        { path: 'test/home', lazy: async () => ({ Component: (await import('../pages/TestHomePage')).TestHomePage }) },
        { path: '403', lazy: async () => ({ Component: (await import('../pages/ForbiddenPage')).ForbiddenPage }) },
        { path: '404', lazy: loadNotFound },
        { path: '500', lazy: async () => ({ Component: (await import('../pages/ServerErrorPage')).ServerErrorPage }) },
        { path: '*', lazy: appArea },
      ],
    },
  ];
}
