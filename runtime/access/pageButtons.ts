/**
 * Per-page button permissions (spec 000 §3 "Permission list per page: modelId with column, form and button
 * arrays, each item having enCode"), as a menu's meta.permissionList carries them (spec 000 §2). A page whose
 * menu sends such a list has permission judging on: its default buttons need their default codes in it.
 */
export interface PagePermissionCode {
  enCode: string;
  fullName?: string;
}

export interface PagePermission {
  modelId: string;
  button?: readonly PagePermissionCode[];
  column?: readonly PagePermissionCode[];
  form?: readonly PagePermissionCode[];
}

/** The buttons that have a default code (spec 000 §6 "Default button codes are btn_add, btn_edit, btn_remove"). */
export type DefaultButton = 'add' | 'edit' | 'delete';

export const DEFAULT_BUTTON_CODES: Readonly<Record<DefaultButton, string>> = { add: 'btn_add', edit: 'btn_edit', delete: 'btn_remove' };

/** Which page a button belongs to and which of the default buttons it is. */
export interface PageButton {
  modelId: string;
  button: DefaultButton;
}

/** The page's own entry of a permission list (a menu may list several pages). */
export function pagePermissionOf(list: readonly PagePermission[] | null | undefined, modelId: string): PagePermission | undefined {
  return (list ?? []).find((entry) => entry.modelId === modelId);
}

/**
 * Whether a default button stays on a page: judging is off when the page has no permission entry (or the
 * entry has no button array), and then the default codes are not applied; otherwise the page's button list
 * must hold the button's default code.
 *
 * @example
 * isPageButtonAllowed(pagePermissionOf(meta.permissionList, 'system.position'), 'add');
 */
export function isPageButtonAllowed(page: PagePermission | undefined, button: DefaultButton): boolean {
  if (!page?.button) return true;
  const code = DEFAULT_BUTTON_CODES[button];
  return page.button.some((entry) => entry.enCode === code);
}
