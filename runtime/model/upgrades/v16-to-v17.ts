import type { ModelUpgrade, RawModel } from './ModelUpgrade';

/**
 * Version 16 → 17. Version 17 lets a list say how many of a row's links show side by side before the rest fold
 * into 更多 (`list.rowLinks`, default 3). A version 16 list folds as the default does. Every version 16 file is a
 * valid version 17 file.
 */
export const v16ToV17: ModelUpgrade = {
  from: 16,
  summary: 'a list may say how many row links show before the rest fold into 更多 (list.rowLinks); nothing else changes',
  upgrade(model: RawModel): RawModel {
    return { ...model, version: 17 };
  },
};
