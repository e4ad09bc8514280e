import type { ModelFile, OperationName, RouteSpec } from '../model/types';
import type { HttpMethod, Route } from './dialects/Dialect';

export type ResolvedOperations = Partial<Record<OperationName, RouteSpec>>;

/**
 * The endpoint of each operation: the dialect's convention applied to api.base, then the model's
 * overrides ('METHOD /path', or false to switch one off); state exists only when api.state is declared.
 * This mirrors resolveOperations of server/engine/loadModules.ts — the server's is the contract, and
 * tests/unit/runtime/data/resolveOperations.test.ts compares the two on every model we ship.
 *
 * @example
 * resolveOperations(positionModel).deleteBatch; // 'POST /api/permission/Position/Actions/BatchDelete'
 */
export function resolveOperations(model: ModelFile): ResolvedOperations {
  const base = model.api.base;
  const defaults: Record<OperationName, RouteSpec> =
    model.api.dialect === 'jeecg'
      ? {
          list: `GET ${base}/list`,
          get: `GET ${base}/queryById`,
          create: `POST ${base}/add`,
          update: `PUT ${base}/edit`,
          delete: `DELETE ${base}/delete`,
          deleteBatch: `DELETE ${base}/deleteBatch`,
          state: `PUT ${base}/editState`,
        }
      : {
          list: `GET ${base}`,
          get: `GET ${base}/{id}`,
          create: `POST ${base}`,
          update: `PUT ${base}/{id}`,
          delete: `DELETE ${base}/{id}`,
          deleteBatch: `POST ${base}/Actions/BatchDelete`,
          state: `PUT ${base}/{id}/Actions/State`,
        };
  const resolved: ResolvedOperations = {};
  for (const [operation, route] of Object.entries(defaults) as [OperationName, RouteSpec][]) {
    const override = model.api.operations?.[operation];
    if (override === false) continue;
    if (operation === 'state' && !model.api.state) continue;
    resolved[operation] = override ?? route;
  }
  return resolved;
}

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];

/** `'PUT /api/x/{id}'` → `{method: 'PUT', path: '/api/x/{id}'}`; the meta-schema guarantees the form. */
export function parseRoute(route: RouteSpec): Route {
  const [method = '', path = ''] = route.trim().split(/\s+/, 2);
  const upper = method.toUpperCase() as HttpMethod;
  if (!METHODS.includes(upper) || !path.startsWith('/')) throw new Error(`Not a route "METHOD /path": "${route}"`);
  return { method: upper, path };
}
