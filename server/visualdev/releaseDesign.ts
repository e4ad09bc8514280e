import { sql } from 'kysely';
import type { ModelFile } from '../../runtime/model/types.js';
import type { DbHandle } from '../db/createDb.js';
import { nowText } from '../db/timestamps.js';
import { menuRows } from '../engine/moduleRows.js';
import type { ModelStore, ReleaseScope } from '../engine/store/modelStore.js';
import { syncPermissionRows } from '../engine/syncModuleData.js';
import { appError } from '../errors.js';
import { backUpAndDrop, columnsAtRisk, type ColumnBackup } from './destructiveChanges.js';
import { DESIGN_TABLE, DESIGNED_MENU_PARENT, DESIGNED_MODULE, parseDesignJson } from './designRules.js';
import { fieldChanges, type FieldChanges } from './modelDiff.js';

export interface DesignReleaseResult {
  id: string;
  modelId: string;
  /** the model's release number in sys_model */
  version: number;
  changed: boolean;
  fields: FieldChanges;
  backups: ColumnBackup[];
}

interface DesignRow {
  id: string;
  en_code: string;
  model_json: string;
  draft_version: number | null;
}

/** The menu item of a released design, under 在线应用; the model's buttons hang under it. */
function designMenu(model: ModelFile) {
  const name = model.id.slice(model.id.indexOf('.') + 1);
  return menuRows([{ key: model.id, title: model.title, path: `/online/apps/${name}`, model: model.id }], DESIGNED_MENU_PARENT);
}

async function readDesign(db: DbHandle['db'], designId: string): Promise<DesignRow> {
  const { rows } = await sql<DesignRow>`select id, en_code, model_json, draft_version from ${sql.table(DESIGN_TABLE)} where id = ${designId}`.execute(
    db.withoutPlugins(),
  );
  if (!rows[0]) throw appError('CL_ERR_RECORD_NOT_FOUND');
  return rows[0];
}

/**
 * Releases the saved draft of a design within a release scope (one transaction with the scope's other
 * releases): the model store checks it (meta-schema, rules, the other models, routes) before anything
 * changes; a version that drops or retypes fields holding data is refused unless `confirm`, and then
 * each such column is backed up before it goes; the menu item is created or updated; the store
 * migrates the table additively and writes the button permissions. The model is served, on every
 * server, once the scope commits; if anything in the scope fails, nothing has changed.
 */
export async function releaseDesignIn(scope: ReleaseScope, designId: string, options: { confirm: boolean; by: string | null }): Promise<DesignReleaseResult> {
  const { handle } = scope;
  const design = await readDesign(handle.db, designId);
  const file = parseDesignJson(design.model_json, design.en_code);
  const model = scope.check(file);
  const served = scope.served(model.id);
  const fields = fieldChanges(served, model);
  let backups: ColumnBackup[] = [];
  if (served && !served.viewOf) {
    const atRisk = await columnsAtRisk(handle, served, fields);
    const withData = atRisk.filter((c) => c.rows > 0);
    if (withData.length > 0 && !options.confirm) {
      throw appError('CL_ERR_RELEASE_DESTRUCTIVE', { detail: withData.map((c) => `${c.field} (${c.reason}, ${c.rows})`).join(', ') });
    }
    if (atRisk.length > 0) backups = await backUpAndDrop(handle, served, atRisk, options.by);
  }
  await syncPermissionRows(scope.trx, handle.adapter, designMenu(model), DESIGNED_MODULE);
  const released = await scope.release(file, { by: options.by, menuKey: model.id });
  await sql`update ${sql.table(DESIGN_TABLE)} set state = 1, released_version = ${design.draft_version}, released_time = ${nowText()} where id = ${designId}`.execute(
    scope.trx.withoutPlugins(),
  );
  return { id: designId, modelId: model.id, version: released.version, changed: released.changed, fields, backups };
}

/** Releases one design in a transaction of its own (releaseDesignIn). */
export async function releaseDesign(store: ModelStore, designId: string, options: { confirm: boolean; by: string | null }): Promise<DesignReleaseResult> {
  const result = await store.transaction((scope) => releaseDesignIn(scope, designId, options));
  store.env.generations.bump(DESIGN_TABLE);
  return result;
}
