import { matchRoutes } from 'react-router-dom';
import type { RouteSpec } from '../menu/buildRoutes';

/** The model a path opens among the menu routes, matched as MenuRoutes' <Routes> will match it; null for none. */
export function modelIdAt(routes: readonly RouteSpec[], pathname: string): string | null {
  const matched = matchRoutes(routes.map((route, index) => ({ path: route.path, id: String(index) })), pathname)?.at(-1);
  const route = matched ? routes[Number(matched.route.id)] : undefined;
  return route?.kind === 'model' ? route.modelId : null;
}
