import { OPT_IN_OPERATIONS, type ModelFile, type OperationName, type RouteSpec } from './types';

export type ResolvedOperations = Partial<Record<OperationName, RouteSpec>>;

function dialectDefaults(model: ModelFile): Record<OperationName, RouteSpec> {
  const base = model.api.base;
  return model.api.dialect === 'jeecg'
    ? {
        list: `GET ${base}/list`,
        get: `GET ${base}/queryById`,
        create: `POST ${base}/add`,
        update: `PUT ${base}/edit`,
        delete: `DELETE ${base}/delete`,
        deleteBatch: `DELETE ${base}/deleteBatch`,
        state: `PUT ${base}/editState`,
        import: `POST ${base}/importExcel`,
        export: `GET ${base}/exportXls`,
        importTemplate: `GET ${base}/downloadTemplate`,
      }
    : {
        list: `GET ${base}`,
        get: `GET ${base}/{id}`,
        create: `POST ${base}`,
        update: `PUT ${base}/{id}`,
        delete: `DELETE ${base}/{id}`,
        deleteBatch: `POST ${base}/Actions/BatchDelete`,
        state: `PUT ${base}/{id}/Actions/State`,
        import: `POST ${base}/Actions/Import`,
        export: `GET ${base}/Actions/Export`,
        importTemplate: `GET ${base}/TemplateDownload`,
      };
}

/** An opt-in operation is on when the model names it (true or a route); the template follows import unless set itself. */
function optedIn(model: ModelFile, operation: OperationName): boolean {
  const own = model.api.operations?.[operation];
  if (own !== undefined) return own !== false;
  return operation === 'importTemplate' && optedIn(model, 'import');
}

/**
 * The endpoint of each operation: the dialect's convention applied to api.base, then the model's
 * overrides ('METHOD /path', or false to switch one off); state exists only when api.state is declared,
 * import/export (and the import template) only when the model opts in (OPT_IN_OPERATIONS).
 * The server registers exactly these routes and the client's data provider calls exactly these: one
 * function for both (docs/api.md "Generic model endpoints").
 *
 * @example
 * resolveOperations(positionModel).deleteBatch; // 'POST /api/permission/Position/Actions/BatchDelete'
 */
export function resolveOperations(model: ModelFile): ResolvedOperations {
  const resolved: ResolvedOperations = {};
  for (const [operation, route] of Object.entries(dialectDefaults(model)) as [OperationName, RouteSpec][]) {
    const override = model.api.operations?.[operation];
    if (override === false) continue;
    if (operation === 'state' && !model.api.state) continue;
    if (OPT_IN_OPERATIONS.includes(operation) && !optedIn(model, operation)) continue;
    resolved[operation] = typeof override === 'string' ? override : route;
  }
  return resolved;
}
