import { Ajv } from 'ajv';
import { sql, type Transaction } from 'kysely';
import moduleSchema from '../../schemas/meta/module.schema.json' with { type: 'json' };
import type { ModelFile, ModuleFile } from '../../runtime/model/types.js';
import type { DbHandle } from '../db/createDb.js';
import type { Database } from '../db/schema.js';
import { newId } from '../db/ids.js';
import { nowText } from '../db/timestamps.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { syncModuleDicts } from '../engine/syncModuleData.js';
import { appError } from '../errors.js';
import { columnsAtRisk, type ColumnAtRisk } from './destructiveChanges.js';
import { DESIGN_TABLE, isDesignedModelId } from './designRules.js';
import { saveVersion } from './designVersions.js';
import { fieldChanges, type FieldChanges } from './modelDiff.js';
import type { FolderFiles } from './moduleFolder.js';
import { releaseDesignIn } from './releaseDesign.js';

export interface ImportProblem {
  file: string;
  path: string;
  message: string;
}

export interface ModuleImportPlan {
  modules: string[];
  models: { id: string; title: string; status: 'new' | 'changed' | 'unchanged'; fields: FieldChanges; atRisk: ColumnAtRisk[] }[];
  /** designed models of the same modules this installation has and the folder lacks: left as they are */
  removed: string[];
  dicts: { code: string; status: 'new' | 'changed' }[];
  problems: ImportProblem[];
}

const validateModule = new Ajv({ allErrors: true, strict: false }).compile<ModuleFile>(moduleSchema);
const MODEL_FILE = /^([A-Za-z0-9_-]+)\/models\/([A-Za-z0-9_-]+)\.model\.json$/;

interface Folder {
  modules: ModuleFile[];
  models: ModelFile[];
  problems: ImportProblem[];
}

function parseJson(files: FolderFiles, file: string, problems: ImportProblem[]): unknown {
  try {
    return JSON.parse(files.get(file)!);
  } catch (error) {
    problems.push({ file, path: '', message: `not valid JSON: ${(error as Error).message}` });
    return undefined;
  }
}

/** The module files and model files of the folders in a zip, each checked on its own. */
function readFolder(files: FolderFiles): Folder {
  const problems: ImportProblem[] = [];
  const modules: ModuleFile[] = [];
  const models: ModelFile[] = [];
  for (const file of [...files.keys()].filter((f) => /^[A-Za-z0-9_-]+\/module\.json$/.test(f))) {
    const json = parseJson(files, file, problems);
    if (json === undefined) continue;
    if (!validateModule(json)) {
      for (const e of validateModule.errors ?? []) problems.push({ file, path: e.instancePath || '/', message: e.message ?? 'invalid' });
      continue;
    }
    modules.push(json);
  }
  for (const file of [...files.keys()].filter((f) => MODEL_FILE.test(f))) {
    const json = parseJson(files, file, problems) as ModelFile | undefined;
    if (json === undefined) continue;
    const { $schema: _s, ...model } = json;
    if (typeof model.id !== 'string' || !isDesignedModelId(model.id)) {
      problems.push({
        file,
        path: '/id',
        message: 'only designed models (online.<name>) are imported at run time; a built-in module folder goes under schemas/',
      });
      continue;
    }
    models.push(model as ModelFile);
  }
  if (modules.length === 0) problems.push({ file: 'module.json', path: '', message: 'no <module>/module.json in the file' });
  return { modules, models, problems };
}

/** Models in release order: a model after the models its tabs show (the release checks that those exist). */
function releaseOrder(models: ModelFile[]): ModelFile[] {
  const byId = new Map(models.map((m) => [m.id, m]));
  const ordered: ModelFile[] = [];
  const visit = (model: ModelFile, path: Set<string>) => {
    if (ordered.includes(model) || path.has(model.id)) return;
    path.add(model.id);
    for (const tab of model.tabs ?? []) {
      const child = byId.get(tab.model);
      if (child) visit(child, path);
    }
    ordered.push(model);
  };
  models.forEach((m) => visit(m, new Set()));
  return ordered;
}

/**
 * What importing a module folder would do, with nothing changed: each model new, changed or unchanged,
 * the fields its table gains, loses or retypes (and the rows holding data in those), the dictionaries
 * added or changed, the designed models the installation has that the folder lacks, and every problem
 * the release checks would find (a tab naming a model of the same folder counts as resolved).
 */
export async function planModuleImport(handle: DbHandle, store: ModelStore, files: FolderFiles): Promise<ModuleImportPlan> {
  const folder = readFolder(files);
  const problems = [...folder.problems];
  const inFolder = new Set(folder.models.map((m) => m.id));
  const entries = store.current().entries;
  const models: ModuleImportPlan['models'] = [];
  for (const model of releaseOrder(folder.models)) {
    // a tab naming a model of the same folder is checked when that model is released first
    const resolvedTab = (path: string) => {
      const match = /^\/tabs\/(\d+)\/(model|foreignKey)$/.exec(path);
      return match !== null && inFolder.has(model.tabs?.[Number(match[1])]?.model ?? '');
    };
    const found = store.problemsOf(model).filter((p) => !resolvedTab(p.path));
    problems.push(...found.map((p) => ({ file: model.id, path: p.path || '/', message: p.message })));
    const served = entries.get(model.id)?.model;
    const fields = fieldChanges(served, model);
    const atRisk = served ? await columnsAtRisk(handle, served, fields) : [];
    const status = !served ? 'new' : JSON.stringify(served) === JSON.stringify(model) ? 'unchanged' : 'changed';
    models.push({ id: model.id, title: model.title, status, fields, atRisk });
  }
  const moduleIds = new Set(folder.modules.map((m) => m.id));
  const removed = [...entries.keys()].filter((id) => isDesignedModelId(id) && moduleIds.has(id.slice(0, id.indexOf('.'))) && !inFolder.has(id));
  const dicts: ModuleImportPlan['dicts'] = [];
  for (const dict of folder.modules.flatMap((m) => m.dicts ?? [])) {
    const row = await handle.db.selectFrom('sysDict').select('id').where('dictCode', '=', dict.code).executeTakeFirst();
    dicts.push({ code: dict.code, status: row ? 'changed' : 'new' });
  }
  return { modules: [...moduleIds], models, removed, dicts, problems };
}

/** Stores the model as the design's next draft, in the import's transaction: an existing design of that model id, else a new one. */
async function upsertDesign(trx: Transaction<Database>, model: ModelFile, by: string | null): Promise<string> {
  const text = JSON.stringify(model);
  const db = trx.withoutPlugins();
  const { rows } = await sql<{ id: string }>`select id from ${sql.table(DESIGN_TABLE)} where en_code = ${model.id}`.execute(db);
  const id = rows[0]?.id ?? newId();
  const version = await saveVersion(trx, id, text, by);
  if (rows[0]) {
    await sql`update ${sql.table(DESIGN_TABLE)} set model_json = ${text}, draft_version = ${version}, full_name = ${model.title}, update_by = ${by}, update_time = ${nowText()}, version = version + 1 where id = ${id}`.execute(
      db,
    );
  } else {
    await sql`insert into ${sql.table(DESIGN_TABLE)} (id, full_name, en_code, model_json, state, draft_version, create_by, create_time, version)
      values (${id}, ${model.title}, ${model.id}, ${text}, 0, ${version}, ${by}, ${nowText()}, 1)`.execute(db);
  }
  return id;
}

/**
 * Imports a module folder: refused as a whole when the plan finds any problem, or when it would drop
 * or retype a field holding data without `confirm`; otherwise the dictionaries are written, each model
 * becomes its design's next draft and is released, sub-record models first.
 */
export async function importModule(
  handle: DbHandle,
  store: ModelStore,
  files: FolderFiles,
  options: { confirm: boolean; by: string | null },
): Promise<ModuleImportPlan> {
  const plan = await planModuleImport(handle, store, files);
  if (plan.problems.length > 0) {
    const detail = plan.problems.map((p) => `${p.file}${p.path}: ${p.message}`).join('; ');
    throw appError('CL_ERR_MODULE_INVALID', { detail: detail.slice(0, 1000) });
  }
  const risky = plan.models.flatMap((m) => m.atRisk.filter((c) => c.rows > 0).map((c) => `${m.id}.${c.field} (${c.reason}, ${c.rows})`));
  if (risky.length > 0 && !options.confirm) throw appError('CL_ERR_RELEASE_DESTRUCTIVE', { detail: risky.join(', ') });
  const folder = readFolder(files);
  // one transaction: dictionaries, designs, backups, tables and releases all land, or none does
  await store.transaction(async (scope) => {
    for (const moduleFile of folder.modules) await syncModuleDicts(scope.trx, moduleFile);
    for (const model of releaseOrder(folder.models)) {
      const id = await upsertDesign(scope.trx, model, options.by);
      await releaseDesignIn(scope, id, { confirm: options.confirm, by: options.by });
    }
  });
  for (const table of ['sys_dict', 'sys_dict_item', DESIGN_TABLE]) store.env.generations.bump(table);
  return plan;
}
