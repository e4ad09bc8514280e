import type { AccessChecker } from '../../access/createAccessChecker';
import { namedOperation } from '../../model/namedOperations';
import { resolveOperations } from '../../model/resolveOperations';
import { OPT_IN_OPERATION_NAMES, type OptInOperationName, type ServedModel } from '../../model/types';
import { v2, type ListActionObject } from '../../model/v2Parts';

export interface CustomActions {
  row: ListActionObject[];
  toolbar: ListActionObject[];
}

/** import / export: built-in operations a model switches on (api.operations), run by the list page itself. */
export function builtInOperation(action: ListActionObject): OptInOperationName | undefined {
  return (OPT_IN_OPERATION_NAMES as readonly string[]).includes(action.operation ?? '') ? (action.operation as OptInOperationName) : undefined;
}

/**
 * The permission code an action needs: an operation's own, a hook action's `permission` (version 11) under
 * the model's prefix, or undefined for a hook action that names none; a model error for an operation the
 * model lacks.
 */
function permissionOf(served: ServedModel, action: ListActionObject, index: number): string | undefined {
  const { model } = served;
  const builtIn = builtInOperation(action);
  if (builtIn) {
    if (!resolveOperations(model)[builtIn])
      throw new Error(
        `model ${model.id}: list.actions[${index}] ("${action.key}") names "${builtIn}", which the model does not switch on (api.operations.${builtIn})`,
      );
    return `${model.permissions.prefix}${builtIn}`;
  }
  if (!action.operation) return action.permission === undefined ? undefined : `${model.permissions.prefix}${action.permission}`;
  const operation = namedOperation(model, action.operation);
  if (!operation) throw new Error(`model ${model.id}: list.actions[${index}].operation names "${action.operation}", which is not among the model's operations`);
  return operation.permissionCode;
}

/**
 * The model's list actions written as objects ({key, label, operation?, hook?, confirm?, placement}),
 * split by placement (default row) and kept when the user may run them: an operation's permission code
 * (permissions.prefix + the operation's permission) must be held, and so must a hook action's
 * (permissions.prefix + its `permission`, version 11; one without shows to all); import and export (operations the
 * model switches on, docs/model-format.md) need <prefix>import / <prefix>export. A read-only list (a query
 * screen, a read-only tab) shows none but export: the others are changes. An action naming an operation
 * the model does not declare is a model error naming its path.
 */
export function customActions(served: ServedModel, access: AccessChecker, readOnly = false): CustomActions {
  const found: CustomActions = { row: [], toolbar: [] };
  (v2(served.model).list?.actions ?? []).forEach((action, index) => {
    if (typeof action !== 'object') return;
    if (!action.operation && !action.hook)
      throw new Error(`model ${served.model.id}: list.actions[${index}] ("${action.key}") names neither an operation nor a hook`);
    const permission = permissionOf(served, action, index);
    if ((readOnly && builtInOperation(action) !== 'export') || (permission && !access.has(permission))) return;
    found[action.placement === 'toolbar' ? 'toolbar' : 'row'].push(action);
  });
  return found;
}
