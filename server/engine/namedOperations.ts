import type { ModelFile } from '../../runtime/model/types.js';

/** One entry of a model's top-level `operations` (format v2, "Named operations"). */
export interface NamedOperationDef {
  /** 'METHOD /path' with {base} (api.base) and {id} */
  route: string;
  /** suffixed to permissions.prefix */
  permission: string;
  /** a registered operation hook (hookRegistry, kind operation) */
  hook: string;
  /** record: the route names one record by {id}; collection: the model as a whole */
  target?: 'record' | 'collection';
}

export function namedOperationsOf(model: ModelFile): Record<string, NamedOperationDef> {
  return (model as { operations?: Record<string, NamedOperationDef> }).operations ?? {};
}

/** 'METHOD /path' of a named operation, {base} filled in. */
export function namedOperationRoute(model: ModelFile, def: NamedOperationDef): string {
  return def.route.replace('{base}', model.api.base);
}
