import type { DataRecord } from '../data/DataProvider';
import type { ServedModel } from '../model/types';

/** What every client hook is told about the screen it runs on. */
export interface HookContext {
  served: ServedModel;
  mode: 'add' | 'edit' | 'detail';
}

/**
 * Client hooks by kind: behaviour a model file cannot express as data, referenced by name (never code
 * in the file). Server-side hooks (model `hooks.beforeWrite`) live in server code, not here.
 */
export interface HookSignatures {
  /** shapes the values sent on create/update */
  beforeSubmit: (values: Record<string, unknown>, context: HookContext) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** shapes a record loaded for edit/detail before it fills the form */
  afterLoad: (record: DataRecord, context: HookContext) => DataRecord;
}

export type HookKind = keyof HookSignatures;

/**
 * @example
 * const hooks = createHookRegistry();
 * hooks.register('beforeSubmit', 'user.joinDepartIds', (values) => ({ ...values, departIds: String(values.departIds) }));
 * const hook = hooks.get('beforeSubmit', 'user.joinDepartIds');
 */
export interface HookRegistry {
  /** throws when the kind already has a hook of that name */
  register<K extends HookKind>(kind: K, name: string, hook: HookSignatures[K]): void;
  get<K extends HookKind>(kind: K, name: string): HookSignatures[K] | undefined;
  /** like get, but a missing hook is a model error and throws naming it */
  require<K extends HookKind>(kind: K, name: string): HookSignatures[K];
}

export function createHookRegistry(): HookRegistry {
  const hooks = new Map<string, unknown>();
  const key = (kind: HookKind, name: string) => `${kind}:${name}`;
  return {
    register(kind, name, hook) {
      if (hooks.has(key(kind, name))) throw new Error(`hook registry: ${kind} hook "${name}" is already registered`);
      hooks.set(key(kind, name), hook);
    },
    get<K extends HookKind>(kind: K, name: string) {
      return hooks.get(key(kind, name)) as HookSignatures[K] | undefined;
    },
    require(kind, name) {
      const hook = this.get(kind, name);
      if (!hook) throw new Error(`hook registry: no ${kind} hook named "${name}" is registered`);
      return hook;
    },
  };
}
