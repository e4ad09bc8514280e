import type { ModelUpgrade, RawModel } from './ModelUpgrade';

/**
 * Version 11 → 12. Version 12 adds the detail-only form field (`{ "field": …, "detailOnly": true }`): shown
 * read-only in the detail view, absent from add and edit, and the one way a form places a non-writable
 * field. A version 11 form has none (it could not place a non-writable field at all). Every version 11
 * file is a valid version 12 file.
 */
export const v11ToV12: ModelUpgrade = {
  from: 11,
  summary: 'form field items may be detail only ("detailOnly": true); nothing else changes',
  upgrade(model: RawModel): RawModel {
    return { ...model, version: 12 };
  },
};
