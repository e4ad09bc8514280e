import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import localeSchema from '../../schemas/meta/locale.schema.json' with { type: 'json' };
import modelSchema from '../../schemas/meta/model.schema.json' with { type: 'json' };
import moduleSchema from '../../schemas/meta/module.schema.json' with { type: 'json' };
import type { Lang, MenuDef, ModelExtension, ModelFile, ModelSourceFile, ModelView, ModuleFile } from '../../runtime/model/types.js';
import { resolveOperations } from '../../runtime/model/resolveOperations.js';
import { ModelVersionError, upgradeModel } from '../../runtime/model/upgradeModel.js';
import { checkFormLayout, checkModel, type SchemaProblem } from './checkModel.js';
import { namedOperationRoute } from './namedOperations.js';
import { checkQuerySource, modelPermissionCodes } from './modelClaims.js';
import { locateProblem, mergeExtension, type MergedOrigin } from './mergeExtension.js';
import { resolveView } from './resolveView.js';

export interface LoadedModule {
  dir: string;
  file: ModuleFile;
  /** the module's own models, with the extensions other modules declare merged in */
  models: ModelFile[];
  /** model id -> the file it was read from */
  modelFiles: Map<string, string>;
  /** the module's extensions of other modules' models (already merged into them) */
  extensions: ModelExtension[];
  /** extension id -> the file it was read from */
  extensionFiles: Map<string, string>;
  /** the module's views (files with "viewOf"), resolved into `models` once every extension is merged */
  views: ModelView[];
  /** zh-CN source text -> translation, per language other than zh-CN (zh-TW only holds overrides) */
  locales: Partial<Record<Lang, Record<string, string>>>;
}

export interface ModuleSet {
  modules: LoadedModule[];
  models: Map<string, ModelFile>;
  /** model id -> the module that ships it */
  moduleOf: Map<string, LoadedModule>;
}

export class SchemaProblemsError extends Error {
  constructor(readonly problems: SchemaProblem[]) {
    super(`${problems.length} problem(s) in model files:\n${problems.map(formatProblem).join('\n')}`);
    this.name = 'SchemaProblemsError';
  }
}

export function formatProblem(p: SchemaProblem): string {
  return `${p.file}: ${p.path || '/'}: ${p.message}`;
}

/**
 * The engine's own bookkeeping, created by the core migrations before any model exists; a model may
 * not claim it. Every other table (users, roles, tenants, dictionaries, …) is a model's.
 */
export const BOOKKEEPING_TABLES: ReadonlySet<string> = new Set([
  'sys_session',
  'sys_security_log',
  'sys_login_attempt',
  'sys_model',
  'sys_column_setting',
  'sys_job_tick',
  'sys_visualdev_version',
  'sys_visualdev_backup',
  'kysely_migration',
  'kysely_migration_lock',
]);

/**
 * Checks one parsed model file on its own, after upgradeModelFile: the meta-schema, then the rules
 * within the file. An extension (`extends`) is accepted only when `extensions` is set: module folders
 * merge them at load; a release at run time names a complete model.
 */
export type CheckModelFile = (model: unknown, file: string) => SchemaProblem[];

/** One Ajv compile per caller (module loading, the model store's release). */
export function createModelFileCheck(options: { extensions?: boolean } = {}): CheckModelFile {
  const validateModel = compile(new Ajv({ allErrors: true, strict: false }), modelSchema);
  return (model, file) => {
    if (!validateModel(model)) return ajvProblems(file, validateModel.errors);
    const source = model as ModelSourceFile;
    if ('viewOf' in source && !('entity' in source)) {
      if (!options.extensions) return [{ file, path: '/viewOf', message: 'a view is resolved from a module folder; release a complete model instead' }];
      // a view is checked as a whole once resolved over the model it views
      const problems: SchemaProblem[] = [];
      if (source.form) checkFormLayout(source.form, (at, message) => problems.push({ file, path: at, message }));
      return problems;
    }
    if ('viewOf' in source && source.viewOf !== undefined)
      return [{ file, path: '/viewOf', message: 'a model with an entity is not a view: viewOf is written by the loader' }];
    if (!('extends' in source)) return checkModel(source, file);
    if (!options.extensions) return [{ file, path: '/extends', message: 'an extension is merged from a module folder; release the model it extends instead' }];
    const problems: SchemaProblem[] = [];
    // an extension is checked as a whole once merged into its target (its fields and columns mean nothing alone)
    if (source.form) checkFormLayout(source.form, (at, message) => problems.push({ file, path: at, message }));
    return problems;
  };
}

function compile(ajv: Ajv, schema: object): ValidateFunction {
  return ajv.compile(schema);
}

function ajvMessage(e: ErrorObject): string {
  if (e.schemaPath.startsWith('#/definitions/notInExtension/')) return 'an extension cannot declare this: it belongs to the extended model';
  if (e.keyword === 'not' && /#\/definitions\/(expression|noExpressions)\//.test(e.schemaPath)) {
    return "'{{…}}' is code, which model files cannot hold: write an expression without braces, or name a hook";
  }
  const extra = e.params && 'additionalProperty' in e.params ? ` ("${String(e.params.additionalProperty)}")` : '';
  const allowed = e.params && 'allowedValues' in e.params ? ` (${JSON.stringify(e.params.allowedValues)})` : '';
  return `${e.message ?? 'invalid'}${extra}${allowed}`;
}

function ajvProblems(file: string, errors: ErrorObject[] | null | undefined): SchemaProblem[] {
  // "must match then/else schema" only repeats that the errors of the chosen branch exist
  return (errors ?? []).filter((e) => e.keyword !== 'if').map((e) => ({ file, path: e.instancePath, message: ajvMessage(e) }));
}

/**
 * A model file's JSON lifted to the current format version (upgradeModel), or undefined with the
 * problem that prevents it added to `problems`. Every loader calls this before createModelFileCheck.
 */
export function upgradeModelFile(json: unknown, file: string, problems: SchemaProblem[]): unknown {
  try {
    return upgradeModel(json);
  } catch (error) {
    if (!(error instanceof ModelVersionError)) throw error;
    problems.push({ file, path: error.path, message: error.message });
    return undefined;
  }
}

function readJson(file: string, problems: SchemaProblem[]): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    problems.push({ file, path: '', message: `not valid JSON: ${(error as Error).message}` });
    return undefined;
  }
}

/**
 * Reads every module folder (a folder holding module.json) under the given roots, validates each file
 * against schemas/meta and the rules between files, and returns them, or throws SchemaProblemsError
 * listing every problem found (file + JSON pointer), not only the first.
 */
export function loadModules(roots: string[]): ModuleSet {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const checkModelFile = createModelFileCheck({ extensions: true });
  const validateModule = compile(ajv, moduleSchema);
  const validateLocale = compile(ajv, localeSchema);
  const problems: SchemaProblem[] = [];
  const modules: LoadedModule[] = [];

  for (const root of roots) {
    if (!fs.existsSync(root)) {
      problems.push({ file: root, path: '', message: 'module folder does not exist' });
      continue;
    }
    const dirs = fs
      .readdirSync(root, { withFileTypes: true })
      .filter((d) => d.isDirectory() && fs.existsSync(path.join(root, d.name, 'module.json')))
      .map((d) => path.join(root, d.name))
      .sort();
    for (const dir of dirs) {
      const moduleFile = path.join(dir, 'module.json');
      const file = readJson(moduleFile, problems) as ModuleFile | undefined;
      if (file === undefined) continue;
      if (!validateModule(file)) {
        problems.push(...ajvProblems(moduleFile, validateModule.errors));
        continue;
      }
      const mod: LoadedModule = { dir, file, models: [], modelFiles: new Map(), extensions: [], extensionFiles: new Map(), views: [], locales: {} };
      const modelDir = path.join(dir, 'models');
      const names = fs.existsSync(modelDir)
        ? fs
            .readdirSync(modelDir)
            .filter((f) => f.endsWith('.model.json'))
            .sort()
        : [];
      for (const name of names) {
        const modelPath = path.join(modelDir, name);
        const json = readJson(modelPath, problems);
        if (json === undefined) continue;
        const source = upgradeModelFile(json, modelPath, problems) as ModelSourceFile | undefined;
        if (source === undefined) continue;
        const local = checkModelFile(source, modelPath);
        if (typeof source.id === 'string' && !source.id.startsWith(`${file.id}.`))
          local.push({ file: modelPath, path: '/id', message: `model id must start with the module id "${file.id}."` });
        problems.push(...local);
        if (local.length > 0) continue;
        if ('extends' in source) {
          mod.extensions.push(source);
          mod.extensionFiles.set(source.id, modelPath);
        } else if (!('entity' in source)) {
          mod.views.push(source);
          mod.modelFiles.set(source.id, modelPath);
        } else {
          mod.models.push(source);
          mod.modelFiles.set(source.id, modelPath);
        }
      }
      const locales = mod.locales;
      for (const lang of ['en', 'zh-TW'] as const) {
        const localePath = path.join(dir, 'locales', `${lang}.json`);
        if (!fs.existsSync(localePath)) continue;
        const texts = readJson(localePath, problems) as Record<string, string> | undefined;
        if (texts === undefined) continue;
        if (!validateLocale(texts)) problems.push(...ajvProblems(localePath, validateLocale.errors));
        else locales[lang] = Object.fromEntries(Object.entries(texts).filter(([k]) => k !== '$schema'));
      }
      modules.push(mod);
    }
  }

  const origins = mergeExtensions(modules, problems);
  resolveViews(modules, problems);
  problems.push(...checkAcrossModules(modules).map((p) => locateProblem(p, origins.get(p.file) ?? [])));
  if (problems.length > 0) throw new SchemaProblemsError(problems);

  const models = new Map<string, ModelFile>();
  const moduleOf = new Map<string, LoadedModule>();
  for (const mod of modules) {
    for (const model of mod.models) {
      models.set(model.id, model);
      moduleOf.set(model.id, mod);
    }
  }
  return { modules, models, moduleOf };
}

/**
 * Merges every extension into the model it extends (in module order), then checks each extended model
 * as a whole. Returns, per target file, where the merged parts were written, so later problems about
 * them name the extension's file and path.
 */
function mergeExtensions(modules: LoadedModule[], problems: SchemaProblem[]): Map<string, MergedOrigin[]> {
  const owners = new Map<string, LoadedModule>();
  const extensionIds = new Set<string>();
  for (const mod of modules) {
    for (const model of mod.models) owners.set(model.id, mod);
    for (const extension of mod.extensions) extensionIds.add(extension.id);
  }
  const origins = new Map<string, MergedOrigin[]>();
  const extended = new Map<string, { owner: LoadedModule; index: number }>();
  for (const mod of modules) {
    for (const extension of mod.extensions) {
      const file = mod.extensionFiles.get(extension.id)!;
      const owner = owners.get(extension.extends);
      if (!owner) {
        const why = extensionIds.has(extension.extends) ? ' (it is an extension; extend the model it extends)' : '';
        problems.push({ file, path: '/extends', message: `unknown model "${extension.extends}"${why}` });
        continue;
      }
      const index = owner.models.findIndex((m) => m.id === extension.extends);
      const targetFile = owner.modelFiles.get(extension.extends)!;
      const merged = mergeExtension(owner.models[index]!, extension, file);
      problems.push(...merged.problems);
      owner.models[index] = merged.model;
      origins.set(targetFile, [...(origins.get(targetFile) ?? []), ...merged.origins]);
      extended.set(targetFile, { owner, index });
    }
  }
  for (const [targetFile, { owner, index }] of extended) {
    problems.push(...checkModel(owner.models[index]!, targetFile).map((p) => locateProblem(p, origins.get(targetFile)!)));
  }
  return origins;
}

/** Resolves every view over the model it views (extensions merged), then checks it as a whole model. */
function resolveViews(modules: LoadedModule[], problems: SchemaProblem[]): void {
  const models = new Map(modules.flatMap((mod) => mod.models.map((model) => [model.id, model] as const)));
  const views = new Set(modules.flatMap((mod) => mod.views.map((view) => view.id)));
  for (const mod of modules) {
    for (const view of mod.views) {
      const file = mod.modelFiles.get(view.id)!;
      const resolved = resolveView(view, views.has(view.viewOf) ? 'view' : models.get(view.viewOf), file);
      problems.push(...resolved.problems);
      if (!resolved.model) continue;
      problems.push(...checkModel(resolved.model, file));
      mod.models.push(resolved.model);
    }
  }
}

function flattenMenus(menus: MenuDef[] | undefined, at: string): { menu: MenuDef; path: string }[] {
  return (menus ?? []).flatMap((menu, i) => [{ menu, path: `${at}/${i}` }, ...flattenMenus(menu.children, `${at}/${i}/children`)]);
}

function checkAcrossModules(modules: LoadedModule[]): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const claim = new Map<string, string>();
  const once = (kind: string, key: string, file: string, at: string) => {
    const id = `${kind}:${key}`;
    const first = claim.get(id);
    if (first) problems.push({ file, path: at, message: `${kind} "${key}" is already declared in ${first}` });
    else claim.set(id, file);
  };
  const modelIds = new Map<string, ModelFile>();
  for (const mod of modules) {
    const moduleFile = path.join(mod.dir, 'module.json');
    once('module id', mod.file.id, moduleFile, '/id');
    for (const extension of mod.extensions) once('model id', extension.id, mod.extensionFiles.get(extension.id)!, '/id');
    for (const model of mod.models) {
      const file = mod.modelFiles.get(model.id)!;
      once('model id', model.id, file, '/id');
      modelIds.set(model.id, model);
      if (BOOKKEEPING_TABLES.has(model.entity.table))
        problems.push({ file, path: '/entity/table', message: `table "${model.entity.table}" is the engine's own bookkeeping` });
      // a view reads and writes the table of the model it views, which claims it
      if (!model.viewOf) once('table', model.entity.table, file, '/entity/table');
      once('permission prefix', model.permissions.prefix, file, '/permissions/prefix');
      for (const { route, at } of modelRouteClaims(model)) once('route', route, file, at);
      for (const { code, at } of modelPermissionCodes(model)) once('permission code', code, file, at);
    }
    for (const { menu, path: at } of flattenMenus(mod.file.menus, '/menus')) {
      once('menu key', menu.key, moduleFile, `${at}/key`);
      if (menu.model && menu.component) problems.push({ file: moduleFile, path: at, message: 'a menu has either model or component, not both' });
    }
    (mod.file.dicts ?? []).forEach((dict, i) => once('dictionary', dict.code, moduleFile, `/dicts/${i}/code`));
    (mod.file.permissions ?? []).forEach((p, i) => once('permission code', p.code, moduleFile, `/permissions/${i}/code`));
  }
  for (const mod of modules) {
    const moduleFile = path.join(mod.dir, 'module.json');
    for (const { menu, path: at } of flattenMenus(mod.file.menus, '/menus')) {
      if (menu.model && !modelIds.has(menu.model)) problems.push({ file: moduleFile, path: `${at}/model`, message: `unknown model "${menu.model}"` });
    }
    for (const model of mod.models) {
      const file = mod.modelFiles.get(model.id)!;
      (model.tabs ?? []).forEach((tab, i) => {
        const child = modelIds.get(tab.model);
        if (!child) problems.push({ file, path: `/tabs/${i}/model`, message: `unknown model "${tab.model}"` });
        else if (!(tab.foreignKey in child.entity.fields))
          problems.push({ file, path: `/tabs/${i}/foreignKey`, message: `"${tab.model}" has no field "${tab.foreignKey}"` });
      });
      for (const [name, field] of Object.entries(model.entity.fields)) {
        if (!field.ref) continue;
        const target = modelIds.get(field.ref);
        if (!target) problems.push({ file, path: `/entity/fields/${name}/ref`, message: `unknown model "${field.ref}"` });
        else if (field.refLabel && (!(field.refLabel in target.entity.fields) || target.entity.fields[field.refLabel]!.secret)) {
          problems.push({ file, path: `/entity/fields/${name}/refLabel`, message: `"${field.ref}" has no readable field "${field.refLabel}"` });
        }
      }
      (model.list?.columns ?? []).forEach((column, i) => {
        if (typeof column !== 'object' || !column.link) return;
        if (!modelIds.has(column.link.model)) problems.push({ file, path: `/list/columns/${i}/link/model`, message: `unknown model "${column.link.model}"` });
        if (!(column.link.idField in model.entity.fields))
          problems.push({ file, path: `/list/columns/${i}/link/idField`, message: `"${column.link.idField}" is not a field of this model` });
      });
      if (model.query) problems.push(...checkQuerySource(model, (id) => modelIds.get(id), file));
    }
  }
  return problems;
}

/** 'METHOD /path' of every endpoint a model serves (defaults per dialect, overrides, lookups, named operations). */
export function modelRoutes(model: ModelFile): string[] {
  return modelRouteClaims(model).map((claim) => claim.route);
}

/** modelRoutes with where each route is declared in the model file. */
export function modelRouteClaims(model: ModelFile): { route: string; at: string }[] {
  return [
    ...Object.values(resolveOperations(model)).map((route) => ({ route, at: '/api' })),
    ...Object.entries(model.api.lookups ?? {}).map(([name, l]) => ({ route: l.route, at: `/api/lookups/${name}/route` })),
    ...Object.entries(model.operations ?? {}).map(([name, o]) => ({ route: namedOperationRoute(model, o), at: `/operations/${name}/route` })),
  ];
}
