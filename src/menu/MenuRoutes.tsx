import { Fragment, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PageUnavailable } from '../pages/PageUnavailable';
import type { RouteSpec } from './buildRoutes';

export interface MenuRoutesProps {
  routes: readonly RouteSpec[];
  /** the runtime's <ModelPage modelId=…/>; passed in so this file does not import the renderer */
  renderModelPage(modelId: string): ReactNode;
}

/** The runtime routes of the chosen menu subtree, rendered inside the layout's content area. */
export function MenuRoutes({ routes, renderModelPage }: MenuRoutesProps) {
  return (
    <Routes>
      {routes.map((route) => (
        <Route key={route.path} path={route.path} element={elementOf(route, renderModelPage)} />
      ))}
    </Routes>
  );
}

function elementOf(route: RouteSpec, renderModelPage: MenuRoutesProps['renderModelPage']): ReactNode {
  switch (route.kind) {
    case 'redirect':
      return <Navigate to={route.to} replace />;
    case 'model':
      // a new model is a new page: no state carried over from the previous one
      return <Fragment key={route.modelId}>{renderModelPage(route.modelId)}</Fragment>;
    case 'unavailable':
      return <PageUnavailable title={route.title} component={route.component} />;
  }
}
