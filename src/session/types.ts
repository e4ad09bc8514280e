import type { PagePermission } from '../../runtime/access/pageButtons';

/** Shapes the shell receives from the session calls (api-contract.md "Session"). */

export interface UserInfo {
  readonly id: string;
  readonly username: string;
  readonly realname?: string | null;
  readonly avatar?: string | null;
  readonly orgCode?: string | null;
  /** a generated first password is still in use: every other call answers 403 until it is changed */
  readonly mustChangePassword?: boolean;
  readonly tenantIds?: readonly number[];
  readonly [extra: string]: unknown;
}

export interface Depart {
  readonly id: string;
  readonly departName: string;
  readonly orgCode: string;
}

export interface DictOption {
  readonly value: string;
  readonly text: string;
  readonly [extra: string]: unknown;
}

export type DictItemMap = Readonly<Record<string, readonly DictOption[]>>;

/** A button permission: auth holds the user's granted ones, allAuth every rule (status '0' = disabled). */
export interface PermissionItem {
  readonly action: string;
  readonly type: string;
  readonly describe?: string;
  readonly status?: string;
}

export interface MenuMeta {
  readonly title: string;
  readonly icon?: string | null;
  readonly keepAlive?: boolean;
  /** true: open in a new window or tab (spec 000 §2) */
  readonly internalOrExternal?: boolean;
  readonly componentName?: string;
  /** external address; may contain ${token} */
  readonly url?: string | null;
  /** the page's own permission list (spec 000 §2/§3): per model, the button, column and form codes */
  readonly permissionList?: readonly PagePermission[];
  /** the model a model screen shows */
  readonly relationId?: string;
  readonly [extra: string]: unknown;
}

export interface MenuNode {
  readonly id: string;
  readonly path: string;
  readonly name?: string;
  /** 'RouteView' for containers, 'ModelPage/<modelId>' for model screens */
  readonly component?: string | null;
  readonly redirect?: string | null;
  readonly hidden?: boolean;
  readonly alwaysShow?: boolean;
  /** '0' means the node is not added as a route */
  readonly route?: string;
  readonly children?: readonly MenuNode[];
  readonly meta: MenuMeta;
}

/** POST /sys/login result */
export interface LoginResult {
  readonly token: string;
  readonly userInfo: UserInfo;
  readonly departs?: readonly Depart[];
  /** 0 none, 1 exactly one, 2 several (the user picks one) */
  readonly multi_depart?: 0 | 1 | 2;
  readonly sysAllDictItems?: DictItemMap;
}

/** GET /sys/permission/getUserPermissionByToken result */
export interface PermissionResult {
  readonly menu: readonly MenuNode[];
  readonly auth: readonly PermissionItem[];
  readonly allAuth: readonly PermissionItem[];
}
