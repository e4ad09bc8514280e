import type { Kysely } from 'kysely';
import type { DictDef, MenuDef, ModelFile, ModuleFile } from '../../runtime/model/types.js';
import type { Database } from '../db/schema.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { appError } from '../errors.js';

/** A module folder as files: relative path (`<module>/module.json`, `<module>/models/<name>.model.json`) -> text. */
export type FolderFiles = Map<string, string>;

const MAX_MODELS = 100;

function moduleIdOf(modelId: string): string {
  return modelId.slice(0, modelId.indexOf('.'));
}

/** The models named, and the sub-record models they show in tabs (a module must carry what it names). */
function withTabModels(store: ModelStore, ids: string[]): ModelFile[] {
  const entries = store.current().entries;
  const picked = new Map<string, ModelFile>();
  const add = (id: string) => {
    if (picked.has(id)) return;
    const model = entries.get(id)?.model;
    if (!model) throw appError('CL_ERR_MODEL_UNKNOWN', { id: id.slice(0, 100) });
    picked.set(id, model);
    for (const tab of model.tabs ?? []) add(tab.model);
  };
  ids.forEach(add);
  if (picked.size > MAX_MODELS) throw appError('CL_ERR_BAD_REQUEST', { detail: `at most ${MAX_MODELS} models` });
  return [...picked.values()];
}

/** The dictionaries the models name, as module.json writes them, read from the installation's rows. */
async function dictsOf(db: Kysely<Database>, models: ModelFile[]): Promise<DictDef[]> {
  const codes = [...new Set(models.flatMap((m) => Object.values(m.entity.fields).flatMap((f) => (f.dict ? [f.dict] : []))))].sort();
  if (codes.length === 0) return [];
  const dicts = await db
    .selectFrom('sysDict')
    .select(['id', 'dictCode', 'dictName', 'description'])
    .where('dictCode', 'in', codes)
    .where('delFlag', '=', 0)
    .execute();
  const out: DictDef[] = [];
  for (const dict of dicts) {
    const items = await db.selectFrom('sysDictItem').select(['itemValue', 'itemText']).where('dictId', '=', dict.id).orderBy('sortOrder').execute();
    if (items.length === 0) continue;
    out.push({
      code: dict.dictCode,
      name: dict.dictName,
      ...(dict.description ? { description: dict.description } : {}),
      items: items.map((i) => ({ value: i.itemValue, text: i.itemText })),
    });
  }
  return out.sort((a, b) => a.code.localeCompare(b.code));
}

/** The menu items the models have in this installation (their sys_permission rows), under one item for the module. */
async function menusOf(db: Kysely<Database>, moduleId: string, title: string, models: ModelFile[]): Promise<MenuDef[]> {
  const rows = await db
    .selectFrom('sysPermission')
    .select(['id', 'name', 'url', 'component', 'sortNo'])
    .where(
      'component',
      'in',
      models.map((m) => `ModelPage/${m.id}`),
    )
    .where('menuType', '!=', 2)
    .orderBy('sortNo')
    .execute();
  const children: MenuDef[] = rows.map((row) => ({
    key: row.id,
    title: row.name,
    path: row.url ?? `/${row.id.replace('.', '/')}`,
    model: row.component!.slice('ModelPage/'.length),
  }));
  return children.length > 0 ? [{ key: moduleId, title, path: `/${moduleId}`, children }] : [];
}

/**
 * Any set of models, designed or built in, with the sub-record models they show, their menus and their
 * dictionaries, as module folders in the format of schemas/<module>/ (one folder per module id):
 * module.json and models/<name>.model.json. Permission codes are derived from the models on load.
 */
export async function buildModuleFolders(db: Kysely<Database>, store: ModelStore, modelIds: string[]): Promise<FolderFiles> {
  const models = withTabModels(store, modelIds);
  const files: FolderFiles = new Map();
  const byModule = new Map<string, ModelFile[]>();
  for (const model of models) byModule.set(moduleIdOf(model.id), [...(byModule.get(moduleIdOf(model.id)) ?? []), model]);
  for (const [moduleId, own] of byModule) {
    const title = store.current().modules.modules.find((m) => m.file.id === moduleId)?.file.title ?? moduleId;
    const dicts = await dictsOf(db, own);
    const menus = await menusOf(db, moduleId, title, own);
    const moduleFile: ModuleFile = {
      $schema: '../meta/module.schema.json',
      id: moduleId,
      title,
      ...(menus.length ? { menus } : {}),
      ...(dicts.length ? { dicts } : {}),
    };
    files.set(`${moduleId}/module.json`, `${JSON.stringify(moduleFile, null, 2)}\n`);
    for (const model of own) {
      const name = model.id.slice(moduleId.length + 1);
      files.set(`${moduleId}/models/${name}.model.json`, `${JSON.stringify({ $schema: '../../meta/model.schema.json', ...model }, null, 2)}\n`);
    }
  }
  return files;
}
