import type { FormDef, ModelExtension, ModelFile } from '../../runtime/model/types.js';
import type { SchemaProblem } from './checkModel.js';

/** Where a part of a merged model was written: JSON pointers under `prefix` come from `file` at `source`. */
export interface MergedOrigin {
  prefix: string;
  file: string;
  source: string;
}

export interface MergeResult {
  model: ModelFile;
  origins: MergedOrigin[];
  problems: SchemaProblem[];
}

/**
 * An extension merged into (a copy of) its target: fields, indexes, list columns and search, form
 * fields / sections / tabs, sub-record tabs and named operations are appended. `origins` maps every
 * appended part back to the extension file, so problems found later in the merged model are reported
 * where they were written. A name the target already has is a problem at the extension's path.
 */
export function mergeExtension(target: ModelFile, extension: ModelExtension, file: string): MergeResult {
  const model = structuredClone(target);
  const origins: MergedOrigin[] = [];
  const problems: SchemaProblem[] = [];
  const from = (prefix: string, source: string) => origins.push({ prefix, file, source });
  const problem = (path: string, message: string) => problems.push({ file, path, message });
  const append = <T>(into: T[], items: T[], at: string, source: string) => {
    items.forEach((_, j) => from(`${at}/${into.length + j}`, `${source}/${j}`));
    into.push(...items);
  };

  for (const [name, field] of Object.entries(extension.entity?.fields ?? {})) {
    if (Object.hasOwn(model.entity.fields, name)) problem(`/entity/fields/${name}`, `field "${name}" already exists in ${target.id}`);
    else {
      model.entity.fields[name] = field;
      from(`/entity/fields/${name}`, `/entity/fields/${name}`);
    }
  }
  if (extension.entity?.indexes) append((model.entity.indexes ??= []), extension.entity.indexes, '/entity/indexes', '/entity/indexes');

  const list = extension.list;
  if (list?.columns || list?.search) {
    if (!model.list) problem('/list', `${target.id} has no list to extend`);
    else {
      if (list.columns) append(model.list.columns, list.columns, '/list/columns', '/list/columns');
      if (list.search) append((model.list.search ??= []), list.search, '/list/search', '/list/search');
    }
  }

  if (extension.form) mergeForm(model, extension.form, problem, append);
  if (extension.tabs) append((model.tabs ??= []), extension.tabs, '/tabs', '/tabs');
  for (const [name, operation] of Object.entries(extension.operations ?? {})) {
    model.operations ??= {};
    if (Object.hasOwn(model.operations, name)) problem(`/operations/${name}`, `operation "${name}" already exists in ${target.id}`);
    else {
      model.operations[name] = operation;
      from(`/operations/${name}`, `/operations/${name}`);
    }
  }
  return { model, origins, problems };
}

type Append = <T>(into: T[], items: T[], at: string, source: string) => void;

/**
 * Flat fields extend a flat form; sections extend a flat or sectioned form (a flat one becomes its
 * first, untitled section); tabs extend any form (the target's own layout becomes its first tab).
 */
function mergeForm(
  model: ModelFile,
  extra: Pick<FormDef, 'fields' | 'sections' | 'tabs'>,
  problem: (path: string, message: string) => void,
  append: Append,
): void {
  const form = (model.form ??= {});
  const layout = form.tabs ? 'tabs' : form.sections ? 'sections' : form.fields ? 'fields' : 'none';
  if (extra.fields) {
    if (layout === 'fields' || layout === 'none') append((form.fields ??= []), extra.fields, '/form/fields', '/form/fields');
    else problem('/form/fields', `${model.id} lays its form out in ${layout}; extend it with form.${layout}`);
  }
  if (extra.sections) {
    if (layout === 'tabs') return problem('/form/sections', `${model.id} lays its form out in tabs; extend it with form.tabs`);
    if (form.fields) {
      form.sections = [{ fields: form.fields }];
      delete form.fields;
    }
    append((form.sections ??= []), extra.sections, '/form/sections', '/form/sections');
  }
  if (extra.tabs) {
    if (form.fields || form.sections) {
      form.tabs = [{ title: model.title, ...(form.fields ? { fields: form.fields } : { sections: form.sections }) }];
      delete form.fields;
      delete form.sections;
    }
    append((form.tabs ??= []), extra.tabs, '/form/tabs', '/form/tabs');
  }
}

/** A problem found in a merged model, moved to the extension file that wrote the part it is about. */
export function locateProblem(problem: SchemaProblem, origins: readonly MergedOrigin[]): SchemaProblem {
  const origin = origins.find((o) => problem.path === o.prefix || problem.path.startsWith(`${o.prefix}/`));
  return origin ? { file: origin.file, path: origin.source + problem.path.slice(origin.prefix.length), message: problem.message } : problem;
}
