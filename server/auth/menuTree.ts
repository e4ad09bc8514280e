import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { PermissionTable } from '../db/schema.js';

/** The sys_permission columns the menu and button answers are built from. */
export type PermissionRow = Pick<
  Selectable<PermissionTable>,
  | 'id'
  | 'parentId'
  | 'name'
  | 'url'
  | 'component'
  | 'componentName'
  | 'redirect'
  | 'menuType'
  | 'perms'
  | 'permsType'
  | 'sortNo'
  | 'alwaysShow'
  | 'icon'
  | 'isRoute'
  | 'keepAlive'
  | 'hidden'
  | 'internalOrExternal'
  | 'status'
  | 'delFlag'
>;

export const PERMISSION_ROW_COLUMNS = [
  'id',
  'parentId',
  'name',
  'url',
  'component',
  'componentName',
  'redirect',
  'menuType',
  'perms',
  'permsType',
  'sortNo',
  'alwaysShow',
  'icon',
  'isRoute',
  'keepAlive',
  'hidden',
  'internalOrExternal',
  'status',
  'delFlag',
] as const satisfies readonly (keyof PermissionRow)[];

/** One code of a page's permission list (spec 000 §3 "each item having enCode"). */
export interface PageCode {
  enCode: string;
  fullName: string;
}

/** A page's permission list entry: the buttons the user holds on it (columns and forms are not restricted). */
export interface PagePermission {
  modelId: string;
  button: PageCode[];
  column: PageCode[];
  form: PageCode[];
}

export interface MenuMeta {
  title: string;
  icon: string;
  keepAlive: boolean;
  internalOrExternal: boolean;
  componentName: string;
  url?: string;
  /** the model a model screen shows (spec 000 §2 meta.relationId) */
  relationId?: string;
  /** a model screen's buttons the user holds (spec 000 §2 meta.permissionList) */
  permissionList?: PagePermission[];
}

/** One node of getUserPermissionByToken's menu (api-contract.md "Session"). */
export interface MenuNode {
  id: string;
  path: string;
  name: string;
  component: string;
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  route: '1' | '0';
  children?: MenuNode[];
  meta: MenuMeta;
}

export const MENU_TYPE_TOP = 0;
export const MENU_TYPE_CHILD = 1;
export const MENU_TYPE_BUTTON = 2;

export function isEnabledRow(row: Pick<PermissionRow, 'status' | 'delFlag'>): boolean {
  return row.status === '1' && row.delFlag === 0;
}

export function isExternalUrl(url: string | null): url is string {
  return url !== null && /^https?:\/\//i.test(url);
}

const TOKEN_PLACEHOLDER = '${token}';

/**
 * Whether a menu URL may carry the session token: the client fills `${token}` in, so the address
 * must be https on a host the operator listed (CLOUDLAB_TOKEN_URL_HOSTS). Anything else (plain
 * http, another host, the placeholder in the host itself) would hand the token to whoever serves it.
 */
export function tokenUrlAllowed(url: string, hosts: ReadonlySet<string>): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url.split(TOKEN_PLACEHOLDER).join('x'));
  } catch {
    return false;
  }
  const authority = url.slice(url.indexOf('//') + 2).split(/[/?#]/)[0]!;
  return parsed.protocol === 'https:' && !authority.includes(TOKEN_PLACEHOLDER) && hosts.has(parsed.host.toLowerCase());
}

/** The menu URL as the client may use it: a `${token}` placeholder survives only where it is allowed. */
function safeMenuUrl(url: string, hosts: ReadonlySet<string>): string {
  return url.includes(TOKEN_PLACEHOLDER) && !tokenUrlAllowed(url, hosts) ? url.split(TOKEN_PLACEHOLDER).join('') : url;
}

/** External links route under a stable hash of their URL; the URL itself travels in meta.url. */
export function externalPath(url: string): string {
  return `/${createHash('sha1').update(url).digest('hex').slice(0, 12)}`;
}

/** '/system/position' -> 'system-position' (JeecgBoot's urlToRouteName). */
export function routeNameOf(path: string): string {
  return path.replace(/^\/+/, '').replace(/\//g, '-');
}

function bySortNo(a: PermissionRow, b: PermissionRow): number {
  return a.sortNo - b.sortNo || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The ids to show: every granted, enabled menu plus its ancestors. A menu whose chain up to the top
 * is broken (a disabled, deleted or missing ancestor) is left out: switching a parent off hides its
 * whole branch, and a node without its parent has nowhere to hang.
 */
function visibleMenuIds(menus: Map<string, PermissionRow>, grantedIds: ReadonlySet<string>): Set<string> {
  const visible = new Set<string>();
  for (const id of grantedIds) {
    const chain: string[] = [];
    let row = menus.get(id);
    while (row && !visible.has(row.id) && !chain.includes(row.id)) {
      chain.push(row.id);
      if (row.parentId === null) break;
      row = menus.get(row.parentId);
    }
    const reachesTop = row !== undefined && (visible.has(row.id) || row.parentId === null);
    if (reachesTop) for (const chainId of chain) visible.add(chainId);
  }
  return visible;
}

const MODEL_PAGE = 'ModelPage/';

/** Spec 000 §6 default button codes: the CRUD buttons of a page answer to btn_add, btn_edit, btn_remove. */
const DEFAULT_PAGE_CODES: Readonly<Record<string, string>> = { add: 'btn_add', edit: 'btn_edit', delete: 'btn_remove' };

/** A button's code on its page: the default code for add/edit/delete, otherwise its own permission code. */
function pageCodeOf(perms: string): string {
  return DEFAULT_PAGE_CODES[perms.slice(perms.lastIndexOf(':') + 1)] ?? perms;
}

/** meta.relationId and meta.permissionList of a model screen: its model and the granted buttons hanging under it. */
function pageMeta(row: PermissionRow, buttons: readonly PermissionRow[], translate: (zh: string) => string): Pick<MenuMeta, 'relationId' | 'permissionList'> {
  if (!row.component?.startsWith(MODEL_PAGE)) return {};
  const modelId = row.component.slice(MODEL_PAGE.length);
  const button = buttons.map((b) => ({ enCode: pageCodeOf(b.perms!), fullName: translate(b.name) }));
  return { relationId: modelId, permissionList: [{ modelId, button, column: [], form: [] }] };
}

/** Spec 000 §2: the external items of this submenu open with the user's account and business token appended. */
export const BUSINESS_MENU_URL = '/business';

/**
 * The menu row as the client may use it: a `${token}` placeholder survives only where it is allowed, and a
 * '/business' link (which the client opens with a token appended) keeps its address only on such a host too;
 * anywhere else it is served without one (the client shows it as a page it does not have).
 */
function safeMenuRow(source: PermissionRow, parentUrl: string | null, tokenHosts: ReadonlySet<string>): PermissionRow {
  if (!source.url) return source;
  if (parentUrl === BUSINESS_MENU_URL && isExternalUrl(source.url) && !tokenUrlAllowed(source.url, tokenHosts)) {
    return { ...source, url: null, internalOrExternal: 0 };
  }
  return { ...source, url: safeMenuUrl(source.url, tokenHosts) };
}

function toMenuNode(
  source: PermissionRow,
  parentUrl: string | null,
  children: MenuNode[],
  buttons: readonly PermissionRow[],
  translate: (zh: string) => string,
  tokenHosts: ReadonlySet<string>,
): MenuNode {
  const row = safeMenuRow(source, parentUrl, tokenHosts);
  const external = isExternalUrl(row.url);
  const path = external ? externalPath(row.url!) : row.url || `/${row.id}`;
  const name = routeNameOf(path);
  return {
    id: row.id,
    path,
    name,
    component: row.component ?? (children.length > 0 ? 'RouteView' : ''),
    ...(row.redirect ? { redirect: row.redirect } : {}),
    ...(row.hidden === 1 ? { hidden: true } : {}),
    ...(row.alwaysShow === 1 ? { alwaysShow: true } : {}),
    route: row.isRoute === 1 ? '1' : '0',
    ...(children.length > 0 ? { children } : {}),
    meta: {
      title: translate(row.name),
      icon: row.icon ?? '',
      keepAlive: row.keepAlive === 1,
      internalOrExternal: row.internalOrExternal === 1,
      componentName: row.componentName || name,
      ...(external ? { url: row.url! } : {}),
      ...pageMeta(row, buttons, translate),
    },
  };
}

/**
 * The menu tree of one user: granted, enabled menus (menuType 0/1) with their ancestors, siblings in
 * sortNo order. `rows` may hold every permission row; a model screen's granted, enabled buttons make its
 * meta.permissionList, disabled rows are ignored.
 */
export function buildMenuTree(
  rows: readonly PermissionRow[],
  grantedIds: ReadonlySet<string>,
  translate: (zh: string) => string,
  tokenHosts: ReadonlySet<string> = new Set(),
): MenuNode[] {
  const menus = new Map<string, PermissionRow>();
  for (const row of rows) {
    if ((row.menuType === MENU_TYPE_TOP || row.menuType === MENU_TYPE_CHILD) && isEnabledRow(row)) menus.set(row.id, row);
  }
  const visible = visibleMenuIds(menus, grantedIds);
  const buttonsOf = new Map<string, PermissionRow[]>();
  for (const row of rows) {
    if (row.menuType !== MENU_TYPE_BUTTON || !row.perms || row.parentId === null || !grantedIds.has(row.id) || !isEnabledRow(row)) continue;
    buttonsOf.set(row.parentId, [...(buttonsOf.get(row.parentId) ?? []), row]);
  }
  const childrenOf = new Map<string | null, PermissionRow[]>();
  for (const id of visible) {
    const row = menus.get(id)!;
    const siblings = childrenOf.get(row.parentId) ?? [];
    siblings.push(row);
    childrenOf.set(row.parentId, siblings);
  }
  const build = (parentId: string | null): MenuNode[] =>
    (childrenOf.get(parentId) ?? [])
      .sort(bySortNo)
      .map((row) =>
        toMenuNode(
          row,
          parentId === null ? null : menus.get(parentId)!.url,
          build(row.id),
          (buttonsOf.get(row.id) ?? []).sort(bySortNo),
          translate,
          tokenHosts,
        ),
      );
  return build(null);
}
