import { isActionAllowed, subActionsOf, type PermissionItem } from './isActionAllowed';
import { isPageButtonAllowed, type PageButton, type PagePermission } from './pageButtons';

export type { PermissionItem } from './isActionAllowed';
export type { DefaultButton, PageButton, PagePermission, PagePermissionCode } from './pageButtons';

/**
 * Button permission checks for the renderer (spec 000 §6). Hiding a button is a convenience: the
 * server checks every endpoint again.
 */
export interface AccessChecker {
  /**
   * whether the element guarded by `action` (a permission code such as 'system:position:add') stays; for
   * one of a page's default buttons, `page` also applies the page's own list (btn_add, btn_edit, btn_remove)
   */
  has(action: string, page?: PageButton): boolean;
  /** the type '1' sub-actions granted under a prefix: subActions('system:position:') → ['add', 'edit'] */
  subActions(prefix: string): string[];
}

export interface AccessSource {
  auth(): PermissionItem[];
  allAuth(): PermissionItem[];
  /** the permission list of the page showing a model (its menu's meta.permissionList entry), if any */
  page?(modelId: string): PagePermission | undefined;
}

/**
 * An AccessChecker over the session's permission lists. The lists are read on every check, so a
 * reload of permissions (or a sign-out) takes effect without rebuilding the checker.
 *
 * @example
 * const access = createAccessChecker({ auth: () => session.auth, allAuth: () => session.allAuth });
 * if (access.has(`${model.permissions.prefix}add`, { modelId: model.id, button: 'add' })) showAddButton();
 */
export function createAccessChecker(source: AccessSource): AccessChecker {
  return {
    has: (action, page) =>
      isActionAllowed(action, source.auth() ?? [], source.allAuth() ?? []) &&
      (page === undefined || isPageButtonAllowed(source.page?.(page.modelId), page.button)),
    subActions: (prefix) => subActionsOf(prefix, source.auth() ?? [], source.allAuth() ?? []),
  };
}

/**
 * Runs a guarded action only when it is still allowed when it is invoked (a button stays on screen until its
 * page renders again, e.g. after the permissions were reloaded); otherwise shows the tip 'Permission Denied'.
 *
 * @example
 * whenAllowed(() => access.has(code), openAdd, () => feedback.warning(t('access.permissionDenied')));
 */
export function whenAllowed(allowed: () => boolean, run: () => void, deny: () => void): void {
  if (allowed()) run();
  else deny();
}
