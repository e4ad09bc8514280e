import type { ModelUpgrade, RawModel } from './ModelUpgrade';

/**
 * Version 6 → 7. Version 7 adds joins and a totals row to query screens (`query.join`, `query.totals`,
 * alias.field source names) and record links on list columns (`link`); every version 6 file is a
 * valid version 7 file.
 */
export const v6ToV7: ModelUpgrade = {
  from: 6,
  summary: 'report joins ("query.join", alias.field names), totals ("query.totals") and column links ("link") are added; nothing else changes',
  upgrade(model: RawModel): RawModel {
    return { ...model, version: 7 };
  },
};
