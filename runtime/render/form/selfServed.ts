import type { ServedModel } from '../../model/types';

/**
 * The model as its personal-information dialog shows it (api.self): only the fields the caller may
 * change on their own record stay writable (the others show read-only and are never sent). The
 * sub-record tabs stay (spec 001 §2: only add hides tabs 2–8); the dialog shows them read-only, and
 * the server answers their reads for the caller's own rows (server/engine/ownerReads.ts).
 */
export function selfServed(served: ServedModel): ServedModel {
  const writable = new Set(served.model.api.self?.writable ?? []);
  const fields = Object.fromEntries(
    Object.entries(served.model.entity.fields).map(([name, def]) => [name, writable.has(name) ? def : { ...def, writable: false }]),
  );
  const { model } = served;
  return { ...served, model: { ...model, entity: { ...model.entity, fields } } };
}
