import type { ModelUpgrade, RawModel } from './ModelUpgrade';

/**
 * Version 8 → 9. Version 9 adds SQL reports: a query may be a read-only SQL text (`query.sql`) instead
 * of a structured query, so `query.from` is required only without it. Every version 8 file is a valid
 * version 9 file.
 */
export const v8ToV9: ModelUpgrade = {
  from: 8,
  summary: 'SQL reports ("query.sql") are added; nothing else changes',
  upgrade(model: RawModel): RawModel {
    return { ...model, version: 9 };
  },
};
