import type { AccessChecker } from '../../access/createAccessChecker';
import { namedOperation } from '../../model/namedOperations';
import type { ServedModel } from '../../model/types';
import { v2, type ListActionObject } from '../../model/v2Parts';

export interface CustomActions {
  row: ListActionObject[];
  toolbar: ListActionObject[];
}

/**
 * The model's list actions written as objects ({key, label, operation?, hook?, confirm?, placement}),
 * split by placement (default row) and kept when the user may run them: an operation's permission code
 * (permissions.prefix + the operation's permission) must be held. A read-only list (a query screen, a
 * read-only tab) shows none: an action is a change. An action naming an operation the model does not
 * declare is a model error naming its path.
 */
export function customActions(served: ServedModel, access: AccessChecker, readOnly = false): CustomActions {
  const found: CustomActions = { row: [], toolbar: [] };
  (v2(served.model).list?.actions ?? []).forEach((action, index) => {
    if (typeof action !== 'object') return;
    if (!action.operation && !action.hook)
      throw new Error(`model ${served.model.id}: list.actions[${index}] ("${action.key}") names neither an operation nor a hook`);
    const operation = action.operation ? namedOperation(served.model, action.operation) : undefined;
    if (action.operation && !operation) {
      throw new Error(`model ${served.model.id}: list.actions[${index}].operation names "${action.operation}", which is not among the model's operations`);
    }
    if (readOnly || (operation && !access.has(operation.permissionCode))) return;
    found[action.placement === 'toolbar' ? 'toolbar' : 'row'].push(action);
  });
  return found;
}
