import type { ModelFile, OperationName, RouteSpec } from './types';

export type ResolvedOperations = Partial<Record<OperationName, RouteSpec>>;

/**
 * The endpoint of each operation: the dialect's convention applied to api.base, then the model's
 * overrides ('METHOD /path', or false to switch one off); state exists only when api.state is declared.
 * The server registers exactly these routes and the client's data provider calls exactly these: one
 * function for both (docs/api.md "Generic model endpoints").
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
