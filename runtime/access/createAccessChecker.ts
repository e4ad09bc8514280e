import { isActionAllowed, subActionsOf, type PermissionItem } from './isActionAllowed';

export type { PermissionItem } from './isActionAllowed';

/**
 * Button permission checks for the renderer (spec 000 §6). Hiding a button is a convenience: the
 * server checks every endpoint again.
 */
export interface AccessChecker {
  /** whether the element guarded by `action` (a permission code such as 'system:position:add') stays */
  has(action: string): boolean;
  /** the type '1' sub-actions granted under a prefix: subActions('system:position:') → ['add', 'edit'] */
  subActions(prefix: string): string[];
}

/**
 * An AccessChecker over the session's permission lists. The lists are read on every check, so a
 * reload of permissions (or a sign-out) takes effect without rebuilding the checker.
 *
 * @example
 * const access = createAccessChecker({ auth: () => session.auth, allAuth: () => session.allAuth });
 * if (access.has(`${model.permissions.prefix}add`)) showAddButton();
 */
export function createAccessChecker(source: { auth(): PermissionItem[]; allAuth(): PermissionItem[] }): AccessChecker {
  return {
    has: (action) => isActionAllowed(action, source.auth() ?? [], source.allAuth() ?? []),
    subActions: (prefix) => subActionsOf(prefix, source.auth() ?? [], source.allAuth() ?? []),
  };
}
