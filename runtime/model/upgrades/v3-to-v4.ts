import type { ModelUpgrade, RawModel } from './ModelUpgrade';

/**
 * Version 3 → 4. Version 4 adds report parameters to query screens (`query.params`, and `param` /
 * `relative` on a query condition); every version 3 file is a valid version 4 file.
 */
export const v3ToV4: ModelUpgrade = {
  from: 3,
  summary: 'query parameters ("query.params", conditions with "param" and "relative") are added; nothing else changes',
  upgrade(model: RawModel): RawModel {
    return { ...model, version: 4 };
  },
};
