import type { ServedModel } from '../../model/types';

/**
 * The model as its personal-information dialog shows it (api.self): only the fields the caller may
 * change on their own record stay writable (the others show read-only and are never sent), and the
 * sub-record tabs are left out — they are kept by whoever holds the sub-record permissions.
 */
export function selfServed(served: ServedModel): ServedModel {
  const writable = new Set(served.model.api.self?.writable ?? []);
  const fields = Object.fromEntries(
    Object.entries(served.model.entity.fields).map(([name, def]) => [name, writable.has(name) ? def : { ...def, writable: false }]),
  );
  const { tabs: _tabs, ...model } = served.model;
  return { ...served, model: { ...model, entity: { ...model.entity, fields } } };
}
