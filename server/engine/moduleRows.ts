import { createHash } from 'node:crypto';
import type { MenuDef, ModelFile, ModelPermissionAction, ModuleFile, OperationName } from '../../runtime/model/types.js';
import type { PermissionTable } from '../db/schema.js';
import type { ModuleSet } from './loadModules.js';
import { resolveOperations } from '../../runtime/model/resolveOperations.js';
import { namedOperationsOf } from './namedOperations.js';
import { BUTTON_NAMES } from '../i18n/messages.js';

/** The component of a menu showing a model's page: 'ModelPage/<model id>'. */
export const MODEL_PAGE = 'ModelPage/';

/**
 * The generated part of a sys_permission row (what a module defines). Row conventions, read by
 * the permission/menu routes:
 * - menu: id = menu key, menuType 0 top level / 1 child, component 'ModelPage/<modelId>' for model
 *   screens, the built-in page name, 'RouteView' for containers, else null; an external menu.url
 *   becomes url with internalOrExternal 1 and isRoute 0.
 * - button: id 'btn:<code>', menuType 2, perms = code, parent = the menu showing the model.
 */
export type PermissionDef = Pick<
  PermissionTable,
  | 'id'
  | 'parentId'
  | 'name'
  | 'url'
  | 'component'
  | 'redirect'
  | 'menuType'
  | 'perms'
  | 'permsType'
  | 'sortNo'
  | 'alwaysShow'
  | 'icon'
  | 'isRoute'
  | 'isLeaf'
  | 'keepAlive'
  | 'hidden'
  | 'internalOrExternal'
>;

export interface DictDefRow {
  dictCode: string;
  dictName: string;
  description: string | null;
  items: { itemValue: string; itemText: string; color: string | null; description: string | null; sortOrder: number }[];
}

export function definitionHash(def: object): string {
  return createHash('sha256').update(JSON.stringify(def)).digest('hex');
}

export function menuRows(menus: MenuDef[] | undefined, parentId: string | null = null): PermissionDef[] {
  return (menus ?? []).flatMap((menu, index) => {
    const children = menu.children ?? [];
    const row: PermissionDef = {
      id: menu.key,
      parentId,
      name: menu.title,
      url: menu.url ?? menu.path,
      component: menu.model ? `${MODEL_PAGE}${menu.model}` : (menu.component ?? (children.length > 0 ? 'RouteView' : null)),
      redirect: menu.redirect ?? null,
      menuType: parentId === null ? 0 : 1,
      perms: null,
      permsType: '1',
      sortNo: menu.sort ?? (index + 1) * 10,
      alwaysShow: 0,
      icon: menu.icon ?? null,
      isRoute: menu.url ? 0 : 1,
      isLeaf: children.length === 0 ? 1 : 0,
      keepAlive: menu.keepAlive ? 1 : 0,
      hidden: menu.hidden ? 1 : 0,
      internalOrExternal: menu.url ? 1 : 0,
    };
    return [row, ...menuRows(children, menu.key)];
  });
}

const ACTION_NAMES = (Object.entries(BUTTON_NAMES) as [ModelPermissionAction, { 'zh-CN': string }][]).map(([action, name]) => [action, name['zh-CN']] as const);

/** Actions whose button exists only when the model serves the operation behind it. */
const ACTION_OPERATION: Partial<Record<ModelPermissionAction, OperationName>> = { state: 'state', import: 'import', export: 'export' };

function buttonRow(code: string, name: string, parentId: string | null, sortNo: number): PermissionDef {
  return {
    id: `btn:${code}`,
    parentId,
    name,
    url: null,
    component: null,
    redirect: null,
    menuType: 2,
    perms: code,
    permsType: '1',
    sortNo,
    alwaysShow: 0,
    icon: null,
    isRoute: 0,
    isLeaf: 1,
    keepAlive: 0,
    hidden: 0,
    internalOrExternal: 0,
  };
}

export function modelButtonRows(model: ModelFile, parentId: string | null): PermissionDef[] {
  const served = resolveOperations(model);
  const crud = ACTION_NAMES.filter(([action]) => {
    const operation = ACTION_OPERATION[action];
    return operation === undefined || served[operation] !== undefined;
  }).map(([action, name], i) => buttonRow(`${model.permissions.prefix}${action}`, name, parentId, i + 1));
  // named operations and hook actions (version 11): one code each (several may share one), named by the code
  // itself, or a hook action's only code by the action's label (打印, not print), which the 授权 tree shows
  const hookLabels = hookActionLabels(model);
  const named = [...new Set([...Object.values(namedOperationsOf(model)).map((op) => op.permission), ...hookLabels.keys()])].filter(
    (p) => !crud.some((row) => row.perms === `${model.permissions.prefix}${p}`),
  );
  const nameOf = (permission: string) =>
    Object.values(namedOperationsOf(model)).some((op) => op.permission === permission) ? permission : hookLabels.get(permission)!;
  return [...crud, ...named.map((permission, i) => buttonRow(`${model.permissions.prefix}${permission}`, nameOf(permission), parentId, 50 + i))];
}

/** The permissions hook actions of the model's list name (version 11), suffixes of permissions.prefix, with the first action's label. */
function hookActionLabels(model: ModelFile): Map<string, string> {
  const labels = new Map<string, string>();
  for (const action of model.list?.actions ?? []) {
    if (typeof action === 'object' && action.permission !== undefined && !labels.has(action.permission)) labels.set(action.permission, action.label);
  }
  return labels;
}

/** A module's own codes; one that a model already generates (e.g. `<prefix>export` declared before the model opted in) is left to the model. */
export function extraButtonRows(file: ModuleFile, generated: ReadonlySet<string> = new Set()): PermissionDef[] {
  return (file.permissions ?? []).flatMap((p, i) => (generated.has(`btn:${p.code}`) ? [] : [buttonRow(p.code, p.name, p.menu ?? null, 100 + i)]));
}

/**
 * model id -> key of the (first) menu that shows it, across all modules. A model with no menu of its own
 * that is a sub-record tab of one shown by a menu (the staff record's 教育经历, 培训记录…), or else whose
 * records hang on one shown by a menu (its first required ref: 公告阅读记录 on 系统公告), belongs to that
 * menu: its buttons are granted and found there, beside the screen that shows them, rather than as
 * parentless rows at the root of 菜单管理 and of the role Authorize tree.
 *
 * `storedMenus` (storedModelMenus) are the menus written at run time that show a model: a design's menu
 * under 在线应用 is in no module file, and without it a restart re-parented the design's buttons to the
 * root, so its page's permission list lost 新增, 编辑 and 删除. A module file's menu wins over a stored one.
 */
export function modelMenuKeys(modules: ModuleSet, storedMenus: ReadonlyMap<string, string> = new Map()): Map<string, string> {
  const keys = new Map<string, string>();
  const walk = (menus: MenuDef[] | undefined) =>
    (menus ?? []).forEach((menu) => {
      if (menu.model && !keys.has(menu.model)) keys.set(menu.model, menu.key);
      walk(menu.children);
    });
  for (const mod of modules.modules) walk(mod.file.menus);
  for (const [model, key] of storedMenus) if (!keys.has(model)) keys.set(model, key);
  // tabs of tabs too: repeated until no tab gains a menu (each pass settles at least one, or ends)
  for (let settled = true; ; settled = true) {
    for (const [id, model] of modules.models) {
      const key = keys.get(id);
      if (key === undefined) continue;
      for (const tab of model.tabs ?? []) {
        if (!keys.has(tab.model)) {
          keys.set(tab.model, key);
          settled = false;
        }
      }
    }
    // a record that hangs on another's (its first required ref: 公告阅读记录 on its 系统公告, whose readers see
    // it as 我的消息) is found beside the screen of the record it hangs on
    for (const [id, model] of modules.models) {
      if (keys.has(id)) continue;
      const owner = ownerOf(model);
      const key = owner === undefined ? undefined : keys.get(owner);
      if (key !== undefined) {
        keys.set(id, key);
        settled = false;
      }
    }
    if (settled) return keys;
  }
}

/** The model a record of this one hangs on: the target of its first required ref field, if any. */
function ownerOf(model: ModelFile): string | undefined {
  return Object.values(model.entity.fields).find((field) => field.ref !== undefined && field.required === true && field.ref !== model.id)?.ref;
}

export function dictRows(file: ModuleFile): DictDefRow[] {
  return (file.dicts ?? []).map((dict) => ({
    dictCode: dict.code,
    dictName: dict.name,
    description: dict.description ?? null,
    items: dict.items.map((item, i) => ({
      itemValue: item.value,
      itemText: item.text,
      color: item.color ?? null,
      description: item.description ?? null,
      sortOrder: i,
    })),
  }));
}
