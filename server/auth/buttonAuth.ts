import { isEnabledRow, MENU_TYPE_BUTTON, type PermissionRow } from './menuTree.js';

/** A button permission the caller holds (getUserPermissionByToken `auth`). */
export interface GrantedAuth {
  action: string;
  /** '1' hide when not granted, '2' show disabled when not granted */
  type: string;
  describe: string;
}

/** A button permission of the system (`allAuth`); status '0' means the rule is switched off. */
export interface SystemAuth extends GrantedAuth {
  status: string;
}

function buttonRows(rows: readonly PermissionRow[]): PermissionRow[] {
  return rows
    .filter((row) => row.menuType === MENU_TYPE_BUTTON && row.delFlag === 0 && row.perms)
    .sort((a, b) => a.sortNo - b.sortNo || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** `auth` and `allAuth` of getUserPermissionByToken; texts are translated, codes are not. */
export function buildButtonAuth(
  rows: readonly PermissionRow[],
  grantedIds: ReadonlySet<string>,
  translate: (zh: string) => string,
): { auth: GrantedAuth[]; allAuth: SystemAuth[] } {
  const buttons = buttonRows(rows);
  const toAuth = (row: PermissionRow): GrantedAuth => ({ action: row.perms!, type: row.permsType, describe: translate(row.name) });
  return {
    auth: buttons.filter((row) => grantedIds.has(row.id) && isEnabledRow(row)).map(toAuth),
    allAuth: buttons.map((row) => ({ ...toAuth(row), status: row.status })),
  };
}
