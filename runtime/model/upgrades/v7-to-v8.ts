import type { ModelUpgrade, RawModel } from './ModelUpgrade';

/**
 * Version 7 → 8. Version 8 adds `hooks.tenancy`: a model whose rows are shared by tenants (users, the
 * links between users and roles) names the hook that says which of them belong to the caller's
 * tenant. Every version 7 file is a valid version 8 file.
 */
export const v7ToV8: ModelUpgrade = {
  from: 7,
  summary: 'the tenancy hook ("hooks.tenancy") is added; nothing else changes',
  upgrade(model: RawModel): RawModel {
    return { ...model, version: 8 };
  },
};
