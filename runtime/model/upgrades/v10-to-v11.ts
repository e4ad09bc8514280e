import type { ModelUpgrade, RawModel } from './ModelUpgrade';

/**
 * Version 10 → 11. Version 11 adds the permission of a hook action (`list.actions[].permission`, suffixed
 * to permissions.prefix): the button shows only to users holding that code. A version 10 hook action has
 * none and keeps showing to everyone who sees the list. Every version 10 file is a valid version 11 file.
 */
export const v10ToV11: ModelUpgrade = {
  from: 10,
  summary: 'hook actions may name a permission ("list.actions[].permission"); nothing else changes',
  upgrade(model: RawModel): RawModel {
    return { ...model, version: 11 };
  },
};
