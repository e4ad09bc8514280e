import type { ModelUpgrade, RawModel } from './ModelUpgrade';

/**
 * Version 2 → 3. Version 3 adds views (a file with "viewOf" and no entity: another surface over a
 * model's table with its own endpoints and rules); every version 2 file is a valid version 3 file.
 */
export const v2ToV3: ModelUpgrade = {
  from: 2,
  summary: 'views ("viewOf") are added; nothing else changes',
  upgrade(model: RawModel): RawModel {
    return { ...model, version: 3 };
  },
};
