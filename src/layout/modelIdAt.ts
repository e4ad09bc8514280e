import { matchRoutes } from 'react-router-dom';
import type { RouteSpec } from '../menu/buildRoutes';

/** The route a path opens among the layout's routes, matched as MenuRoutes' <Routes> will match it. */
export function routeAt(routes: readonly RouteSpec[], pathname: string): RouteSpec | undefined {
  const matched = matchRoutes(
    routes.map((route, index) => ({ path: route.path, id: String(index) })),
    pathname,
  )?.at(-1);
  return matched ? routes[Number(matched.route.id)] : undefined;
}

/** The model a path opens among the menu routes; null for none. */
export function modelIdAt(routes: readonly RouteSpec[], pathname: string): string | null {
  const route = routeAt(routes, pathname);
  return route?.kind === 'model' ? route.modelId : null;
}

/** Whether a path shows a page (and so gets a tab), rather than redirecting elsewhere. */
export function showsPage(routes: readonly RouteSpec[], pathname: string): boolean {
  const kind = routeAt(routes, pathname)?.kind;
  return kind === 'home' || kind === 'announcements' || kind === 'model' || kind === 'unavailable';
}
