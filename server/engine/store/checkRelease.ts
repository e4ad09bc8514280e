import type { ModelFile } from '../../../runtime/model/types.js';
import type { SchemaProblem } from '../checkModel.js';
import { BOOKKEEPING_TABLES, modelRoutes } from '../loadModules.js';

/**
 * The rules between a released model and the models it joins (what loadModules checks across module
 * folders at start): its table is not the engine's bookkeeping nor another model's, its permission prefix and routes
 * are its own, and what it names (tab models, references) exists. The model it replaces is left out.
 */
export function checkRelease(model: ModelFile, others: Iterable<ModelFile>, file: string): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const known = new Map<string, ModelFile>([[model.id, model]]);
  const ownRoutes = new Set(modelRoutes(model));
  for (const other of others) {
    if (other.id === model.id) continue;
    known.set(other.id, other);
    if (other.entity.table === model.entity.table)
      problems.push({ file, path: '/entity/table', message: `table "${model.entity.table}" belongs to model "${other.id}"` });
    if (other.permissions.prefix === model.permissions.prefix) {
      problems.push({ file, path: '/permissions/prefix', message: `permission prefix "${model.permissions.prefix}" belongs to model "${other.id}"` });
    }
    for (const route of modelRoutes(other))
      if (ownRoutes.has(route)) problems.push({ file, path: '/api', message: `route "${route}" belongs to model "${other.id}"` });
  }
  if (BOOKKEEPING_TABLES.has(model.entity.table))
    problems.push({ file, path: '/entity/table', message: `table "${model.entity.table}" is the engine's own bookkeeping` });
  (model.tabs ?? []).forEach((tab, i) => {
    const child = known.get(tab.model);
    if (!child) problems.push({ file, path: `/tabs/${i}/model`, message: `unknown model "${tab.model}"` });
    else if (!(tab.foreignKey in child.entity.fields))
      problems.push({ file, path: `/tabs/${i}/foreignKey`, message: `"${tab.model}" has no field "${tab.foreignKey}"` });
  });
  for (const [name, field] of Object.entries(model.entity.fields)) {
    if (field.ref && !known.has(field.ref)) problems.push({ file, path: `/entity/fields/${name}/ref`, message: `unknown model "${field.ref}"` });
  }
  return problems;
}
