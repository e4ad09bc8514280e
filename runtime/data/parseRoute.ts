import type { RouteSpec } from '../model/types';
import type { HttpMethod, Route } from './dialects/Dialect';

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];

/** `'PUT /api/x/{id}'` → `{method: 'PUT', path: '/api/x/{id}'}`; the meta-schema guarantees the form. */
export function parseRoute(route: RouteSpec): Route {
  const [method = '', path = ''] = route.trim().split(/\s+/, 2);
  const upper = method.toUpperCase() as HttpMethod;
  if (!METHODS.includes(upper) || !path.startsWith('/')) throw new Error(`Not a route "METHOD /path": "${route}"`);
  return { method: upper, path };
}
