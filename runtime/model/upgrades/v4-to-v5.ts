import type { ModelUpgrade, RawModel } from './ModelUpgrade';

/**
 * Version 4 → 5. Version 5 adds dialog titles per mode (`form.titles`), sub-record tabs that share
 * one tab (`tabs[].group`) and expiring date columns (`list.columns[].warnWithinDays`); every version 4
 * file is a valid version 5 file.
 */
export const v4ToV5: ModelUpgrade = {
  from: 4,
  summary:
    'dialog titles ("form.titles"), grouped sub-record tabs ("tabs[].group") and expiring date columns ("warnWithinDays") are added; nothing else changes',
  upgrade(model: RawModel): RawModel {
    return { ...model, version: 5 };
  },
};
