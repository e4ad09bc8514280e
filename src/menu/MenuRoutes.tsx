import { Fragment, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PageLoading } from '../app/PageLoading';
import type { RouteSpec } from './buildRoutes';
import { lazyPart } from '../../runtime/render/lazyPart';

// the home page brings its charts along: loaded when it is first shown
const HomePage = lazyPart(async () => (await import('../pages/home/HomePage')).HomePage);
// rare (a menu entry this build has no page for): antd's Result and its illustrations stay out of the app area
const PageUnavailable = lazyPart(async () => (await import('../pages/PageUnavailable')).PageUnavailable);
const MyAnnouncementsPage = lazyPart(async () => (await import('../notices/MyAnnouncementsPage')).MyAnnouncementsPage);

export interface MenuRoutesProps {
  routes: readonly RouteSpec[];
  /** the runtime's <ModelPage modelId=…/>; passed in so this file does not import the renderer */
  renderModelPage(modelId: string): ReactNode;
  /** the address these routes render (a kept-alive tab's own), instead of the current one */
  location?: string;
}

/** The fixed home page and the runtime routes of the chosen menu subtree, inside the layout's content area. */
export function MenuRoutes({ routes, renderModelPage, location }: MenuRoutesProps) {
  return (
    <Routes location={location}>
      {routes.map((route) => (
        <Route key={route.path} path={route.path} element={elementOf(route, renderModelPage)} />
      ))}
    </Routes>
  );
}

function elementOf(route: RouteSpec, renderModelPage: MenuRoutesProps['renderModelPage']): ReactNode {
  switch (route.kind) {
    case 'home':
      return (
        <Suspense fallback={<PageLoading />}>
          <HomePage />
        </Suspense>
      );
    case 'announcements':
      return (
        <Suspense fallback={<PageLoading />}>
          <MyAnnouncementsPage />
        </Suspense>
      );
    case 'redirect':
      return <Navigate to={route.to} replace />;
    case 'model':
      // a new model is a new page: no state carried over from the previous one
      return <Fragment key={route.modelId}>{renderModelPage(route.modelId)}</Fragment>;
    case 'unavailable':
      return (
        <Suspense fallback={<PageLoading />}>
          <PageUnavailable title={route.title} component={route.component} />
        </Suspense>
      );
  }
}
