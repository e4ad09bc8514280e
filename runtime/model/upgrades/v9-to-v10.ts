import type { ModelUpgrade, RawModel } from './ModelUpgrade';

/**
 * Version 9 → 10. Version 10 adds unpaged lists: `list.page` may be `false` (every row in one answer,
 * up to the server's row cap) and `list.scrollHeight` gives the table a scroll area of that many pixels.
 * Every version 9 file is a valid version 10 file.
 */
export const v9ToV10: ModelUpgrade = {
  from: 9,
  summary: 'unpaged lists ("list.page": false) and the list scroll height ("list.scrollHeight") are added; nothing else changes',
  upgrade(model: RawModel): RawModel {
    return { ...model, version: 10 };
  },
};
