import type { ModelUpgrade, RawModel } from './ModelUpgrade';

/**
 * Version 14 → 15. Version 15 adds the list answered as a plain array (`api.listAnswer: "array"`, an
 * unpaged list whose route answers its rows as a list, spec 001 §7 `certificatePersonal/select -> list`)
 * and a field's name in write bodies (`writeAs`: the training form posts `name` for `trainName`).
 * A version 14 file answers its list as a page and writes each field under its own name, as before.
 * Every version 14 file is a valid version 15 file.
 */
export const v14ToV15: ModelUpgrade = {
  from: 14,
  summary: 'a list may answer a plain array (api.listAnswer) and a field may be written under another name (writeAs); nothing else changes',
  upgrade(model: RawModel): RawModel {
    return { ...model, version: 15 };
  },
};
