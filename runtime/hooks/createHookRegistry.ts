import type { GeneralField } from '@formily/core';
import type { ReactNode } from 'react';
import type { DataProvider, DataRecord } from '../data/DataProvider';
import type { ServedModel } from '../model/types';
import type { CellHandler } from '../validation/cellRules';

/** What a form reaction hook is told about the form it runs in. */
export interface FormReactionContext {
  served: ServedModel;
  mode: 'add' | 'edit' | 'detail';
}

/** What an action hook is told: the screen, its data provider, and the row (row actions) or the checked rows' ids. */
export interface ActionContext {
  served: ServedModel;
  dataProvider: DataProvider;
  /** the row a row action was clicked on */
  record?: DataRecord;
  /** the ids of the checked rows (toolbar actions) */
  selection: string[];
  /** reloads the list after the hook changed data */
  reload(): void;
  /** opens the screen's add dialog starting from these values, where the screen has one (a tree's 添加下级) */
  openAdd?(initialValues: Record<string, unknown>): void;
}

/**
 * Client hooks by kind: behaviour a model file cannot express as data, referenced by name (never code in
 * the file). Server hooks (model `hooks.beforeSave`, operation hooks) live in server code, not here.
 */
export interface HookSignatures {
  /** a list cell (list.columns[].cell): what the column shows for one row */
  cell: (value: unknown, record: DataRecord, context: { served: ServedModel; field: string }) => ReactNode;
  /** a list action (list.actions[].hook); a resolved string is shown as the success message */
  action: (context: ActionContext) => void | string | Promise<void | string>;
  /**
   * a form field reaction (form field `hooks`): runs when the field is created and again whenever a form
   * value it read changes (it runs inside a Formily reaction)
   */
  formReaction: (field: GeneralField, context: FormReactionContext) => void;
  /**
   * an editable-table cell check (a column's validateRules `{ "handler": name }`): '' or nothing when the
   * value passes, else the message
   */
  cellValidator: CellHandler;
}

export type HookKind = keyof HookSignatures;
export const HOOK_KINDS: readonly HookKind[] = ['cell', 'action', 'formReaction', 'cellValidator'];

/**
 * @example
 * const hooks = createHookRegistry();
 * hooks.register('cell', 'user.avatar', (value) => <Avatar src={String(value)} />);
 * hooks.register('formReaction', 'user.birthdayFromIdCard', (field) => { … });
 * const runtime = createRuntime({ …, hooks });
 */
export interface HookRegistry {
  /** throws when the kind already has a hook of that name */
  register<K extends HookKind>(kind: K, name: string, hook: HookSignatures[K]): void;
  get<K extends HookKind>(kind: K, name: string): HookSignatures[K] | undefined;
  has(kind: HookKind, name: string): boolean;
  /** like get, but a missing hook is a model error and throws naming it */
  require<K extends HookKind>(kind: K, name: string): HookSignatures[K];
}

export function createHookRegistry(): HookRegistry {
  const hooks = new Map<string, unknown>();
  const key = (kind: HookKind, name: string) => `${kind}:${name}`;
  const registry: HookRegistry = {
    register(kind, name, hook) {
      if (!HOOK_KINDS.includes(kind)) throw new Error(`hook registry: unknown hook kind "${String(kind)}" (kinds: ${HOOK_KINDS.join(', ')})`);
      if (typeof hook !== 'function') throw new Error(`hook registry: the ${kind} hook "${name}" is not a function`);
      if (hooks.has(key(kind, name))) throw new Error(`hook registry: ${kind} hook "${name}" is already registered`);
      hooks.set(key(kind, name), hook);
    },
    get<K extends HookKind>(kind: K, name: string) {
      return hooks.get(key(kind, name)) as HookSignatures[K] | undefined;
    },
    has: (kind, name) => hooks.has(key(kind, name)),
    require(kind, name) {
      const hook = registry.get(kind, name);
      if (!hook) throw new Error(`hook registry: no ${kind} hook named "${name}" is registered`);
      return hook;
    },
  };
  return registry;
}
