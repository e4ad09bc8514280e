import type { MenuNode } from '../session/types';

/** The top-level menus a user can choose between on /menuList. */
export function topLevelChoices(menu: readonly MenuNode[]): MenuNode[] {
  return menu.filter((node) => !node.hidden);
}

/** The stored choice, if it still names a top-level menu of this user. */
export function chosenTopMenu(menu: readonly MenuNode[], topMenuId: string | null): MenuNode | null {
  if (topMenuId === null) return null;
  return menu.find((node) => node.id === topMenuId) ?? null;
}
