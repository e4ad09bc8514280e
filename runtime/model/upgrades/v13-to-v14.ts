import type { ModelUpgrade, RawModel } from './ModelUpgrade';

/**
 * Version 13 → 14. Version 14 adds a row action's condition (`list.actions[].visibleWhen`): an
 * expression of the row that hides the button on rows it is false for (在线用户's 强制退出 on the caller's
 * own session). A version 13 row action shows on every row. Every version 13 file is a valid version 14 file.
 */
export const v13ToV14: ModelUpgrade = {
  from: 13,
  summary: 'a row action may show only on the rows an expression holds for (list.actions[].visibleWhen); nothing else changes',
  upgrade(model: RawModel): RawModel {
    return { ...model, version: 14 };
  },
};
