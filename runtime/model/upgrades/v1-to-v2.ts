import type { ModelUpgrade, RawModel } from './ModelUpgrade';

/**
 * Version 1 → 2. Version 2 is a superset of version 1 except for one name: the server hook that runs
 * before every create and update is `hooks.beforeSave` (it was `hooks.beforeWrite`).
 */
export const v1ToV2: ModelUpgrade = {
  from: 1,
  summary: 'hooks.beforeWrite is renamed hooks.beforeSave',
  upgrade(model: RawModel): RawModel {
    const hooks = model.hooks;
    if (hooks === null || typeof hooks !== 'object' || Array.isArray(hooks) || !('beforeWrite' in hooks)) return { ...model, version: 2 };
    const { beforeWrite, ...rest } = hooks as Record<string, unknown>;
    return { ...model, version: 2, hooks: { ...rest, beforeSave: beforeWrite } };
  },
};
