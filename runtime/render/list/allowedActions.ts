import type { AccessChecker, DefaultButton } from '../../access/createAccessChecker';
import type { ListAction, ModelPermissionAction, OperationName, ServedModel } from '../../model/types';

export type AllowedActions = Record<ListAction, boolean>;

const PERMISSION: Record<ListAction, ModelPermissionAction> = {
  add: 'add',
  edit: 'edit',
  detail: 'list',
  delete: 'delete',
  deleteBatch: 'delete',
  state: 'state',
  superQuery: 'list',
};

const OPERATIONS: Record<ListAction, OperationName[]> = {
  add: ['create'],
  edit: ['get', 'update'],
  detail: ['get'],
  delete: ['delete'],
  deleteBatch: ['deleteBatch'],
  state: ['state'],
  superQuery: ['list'],
};

/** the actions with a default page button code (spec 000 §6: btn_add, btn_edit, btn_remove) */
const DEFAULT_BUTTONS: Partial<Record<ListAction, DefaultButton>> = { add: 'add', edit: 'edit', delete: 'delete' };

const WRITES: ReadonlySet<ListAction> = new Set<ListAction>(['add', 'edit', 'delete', 'deleteBatch', 'state']);

/**
 * Which actions a screen shows: the model lists the action, the user holds its permission code
 * (<prefix><add|edit|delete|state|list>), its operations are not switched off, and — on a read-only
 * tab — it does not write. Where the page's menu sends a permission list (judging on), add, edit and delete
 * also need their default codes in it. `own`: the rows hang on the caller's own record (personal
 * information), whose details the server answers without the list permission.
 */
export function allowedActions(served: ServedModel, access: AccessChecker, readOnly = false, own = false): AllowedActions {
  const { model } = served;
  const listed = new Set(model.list?.actions ?? []);
  const operations = model.api.operations ?? {};
  const allowed = (action: ListAction) =>
    listed.has(action) &&
    !(readOnly && WRITES.has(action)) &&
    OPERATIONS[action].every((operation) => operations[operation] !== false) &&
    (action !== 'state' || Boolean(model.api.state)) &&
    ((own && action === 'detail') || access.has(`${model.permissions.prefix}${PERMISSION[action]}`, pageButton(model.id, action)));
  return Object.fromEntries((Object.keys(PERMISSION) as ListAction[]).map((action) => [action, allowed(action)])) as AllowedActions;
}

function pageButton(modelId: string, action: ListAction) {
  const button = DEFAULT_BUTTONS[action];
  return button ? { modelId, button } : undefined;
}
