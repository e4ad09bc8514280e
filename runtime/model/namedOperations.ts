import type { ModelFile } from './types';
import type { OperationDefV2 } from './v2Parts';

/** A named operation of the model (top-level `operations`), its route with `{base}` filled in. */
export interface NamedOperation extends OperationDefV2 {
  name: string;
  /** 'METHOD /path', `{base}` replaced by api.base; `{id}` stays for the caller */
  route: string;
  /** the full permission code: permissions.prefix + permission */
  permissionCode: string;
}

/**
 * The model's named operation `name`, or undefined when the model has none of that name.
 *
 * @example
 * namedOperation(userModel, 'resetPassword')?.route; // 'PUT /api/permission/Users/{id}/Actions/ResetPassword'
 */
export function namedOperation(model: ModelFile, name: string): NamedOperation | undefined {
  const operations = (model as { operations?: Record<string, OperationDefV2> }).operations;
  const def = operations && Object.prototype.hasOwnProperty.call(operations, name) ? operations[name] : undefined;
  if (!def) return undefined;
  return { ...def, name, route: def.route.split('{base}').join(model.api.base), permissionCode: `${model.permissions.prefix}${def.permission}` };
}
