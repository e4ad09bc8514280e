import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import localeSchema from '../../schemas/meta/locale.schema.json' with { type: 'json' };
import modelSchema from '../../schemas/meta/model.schema.json' with { type: 'json' };
import moduleSchema from '../../schemas/meta/module.schema.json' with { type: 'json' };
import type { Lang, MenuDef, ModelFile, ModuleFile } from '../../runtime/model/types.js';
import { resolveOperations } from '../../runtime/model/resolveOperations.js';
import { checkModel, type SchemaProblem } from './checkModel.js';
import { namedOperationRoute, namedOperationsOf } from './namedOperations.js';

export interface LoadedModule {
  dir: string;
  file: ModuleFile;
  models: ModelFile[];
  /** model id -> the file it was read from */
  modelFiles: Map<string, string>;
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

/** Tables the core migrations own; a model may not claim them. */
export const CORE_TABLES: ReadonlySet<string> = new Set([
  'sys_tenant', 'sys_user', 'sys_user_tenant', 'sys_role', 'sys_user_role', 'sys_permission', 'sys_role_permission',
  'sys_depart', 'sys_user_depart', 'sys_user_position', 'sys_dict', 'sys_dict_item', 'sys_session', 'sys_security_log',
  'sys_model', 'kysely_migration', 'kysely_migration_lock',
]);

/** Checks one parsed model file on its own: the meta-schema, then the rules within the file. */
export type CheckModelFile = (model: unknown, file: string) => SchemaProblem[];

/** One Ajv compile per caller (module loading, the model store's release). */
export function createModelFileCheck(): CheckModelFile {
  const validateModel = compile(new Ajv({ allErrors: true, strict: false }), modelSchema);
  return (model, file) => (validateModel(model) ? checkModel(model as ModelFile, file) : ajvProblems(file, validateModel.errors));
}

function compile(ajv: Ajv, schema: object): ValidateFunction {
  return ajv.compile(schema);
}

function ajvProblems(file: string, errors: ErrorObject[] | null | undefined): SchemaProblem[] {
  return (errors ?? []).map((e) => ({
    file,
    path: e.instancePath,
    message: `${e.message ?? 'invalid'}${e.params && 'additionalProperty' in e.params ? ` ("${String(e.params.additionalProperty)}")` : ''}${e.params && 'allowedValues' in e.params ? ` (${JSON.stringify(e.params.allowedValues)})` : ''}`,
  }));
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
  const checkModelFile = createModelFileCheck();
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
      const models: ModelFile[] = [];
      const modelFiles = new Map<string, string>();
      const modelDir = path.join(dir, 'models');
      const names = fs.existsSync(modelDir) ? fs.readdirSync(modelDir).filter((f) => f.endsWith('.model.json')).sort() : [];
      for (const name of names) {
        const modelPath = path.join(modelDir, name);
        const model = readJson(modelPath, problems) as ModelFile | undefined;
        if (model === undefined) continue;
        const local = checkModelFile(model, modelPath);
        if (typeof model.id === 'string' && !model.id.startsWith(`${file.id}.`)) local.push({ file: modelPath, path: '/id', message: `model id must start with the module id "${file.id}."` });
        problems.push(...local);
        if (local.length === 0) {
          models.push(model);
          modelFiles.set(model.id, modelPath);
        }
      }
      const locales: LoadedModule['locales'] = {};
      for (const lang of ['en', 'zh-TW'] as const) {
        const localePath = path.join(dir, 'locales', `${lang}.json`);
        if (!fs.existsSync(localePath)) continue;
        const texts = readJson(localePath, problems) as Record<string, string> | undefined;
        if (texts === undefined) continue;
        if (!validateLocale(texts)) problems.push(...ajvProblems(localePath, validateLocale.errors));
        else locales[lang] = Object.fromEntries(Object.entries(texts).filter(([k]) => k !== '$schema'));
      }
      modules.push({ dir, file, models, modelFiles, locales });
    }
  }

  problems.push(...checkAcrossModules(modules));
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
    for (const model of mod.models) {
      const file = mod.modelFiles.get(model.id)!;
      once('model id', model.id, file, '/id');
      modelIds.set(model.id, model);
      if (CORE_TABLES.has(model.entity.table)) problems.push({ file, path: '/entity/table', message: `table "${model.entity.table}" belongs to the core schema` });
      once('table', model.entity.table, file, '/entity/table');
      once('permission prefix', model.permissions.prefix, file, '/permissions/prefix');
      for (const route of modelRoutes(model)) once('route', route, file, '/api');
      for (const action of ['list', 'add', 'edit', 'delete', 'state']) once('permission code', `${model.permissions.prefix}${action}`, file, '/permissions/prefix');
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
        else if (!(tab.foreignKey in child.entity.fields)) problems.push({ file, path: `/tabs/${i}/foreignKey`, message: `"${tab.model}" has no field "${tab.foreignKey}"` });
      });
      for (const [name, field] of Object.entries(model.entity.fields)) {
        if (field.ref && !modelIds.has(field.ref)) problems.push({ file, path: `/entity/fields/${name}/ref`, message: `unknown model "${field.ref}"` });
      }
    }
  }
  return problems;
}

/** 'METHOD /path' of every endpoint a model serves (defaults per dialect, overrides, lookups). */
export function modelRoutes(model: ModelFile): string[] {
  return [
    ...Object.values(resolveOperations(model)),
    ...Object.values(model.api.lookups ?? {}).map((l) => l.route),
    ...Object.values(namedOperationsOf(model)).map((op) => namedOperationRoute(model, op)),
  ];
}
