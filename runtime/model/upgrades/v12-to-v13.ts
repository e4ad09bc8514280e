import type { ModelUpgrade, RawModel } from './ModelUpgrade';

/**
 * Version 12 → 13. Version 13 adds the operation list (`list.rows`): a list whose rows a named GET
 * operation of the model answers instead of the table (the live sessions of 在线用户), with fields of
 * its own for the columns. A version 12 list reads its table. Every version 12 file is a valid
 * version 13 file.
 */
export const v12ToV13: ModelUpgrade = {
  from: 12,
  summary: 'a list may read its rows from a named operation (list.rows); nothing else changes',
  upgrade(model: RawModel): RawModel {
    return { ...model, version: 13 };
  },
};
