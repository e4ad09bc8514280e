import type { ModelUpgrade, RawModel } from './ModelUpgrade';

/**
 * Version 5 → 6. Version 6 adds the data change log and the recycle bin (`entity.changeLog`,
 * `entity.recycleBin`); every version 5 file is a valid version 6 file.
 */
export const v5ToV6: ModelUpgrade = {
  from: 5,
  summary: 'the data change log and the recycle bin ("entity.changeLog", "entity.recycleBin") are added; nothing else changes',
  upgrade(model: RawModel): RawModel {
    return { ...model, version: 6 };
  },
};
