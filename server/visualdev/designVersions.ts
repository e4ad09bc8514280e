import type { Kysely, Transaction } from 'kysely';
import { newId } from '../db/ids.js';
import type { Database } from '../db/schema.js';
import { nowText } from '../db/timestamps.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface DesignVersion {
  version: number;
  createBy: string | null;
  createTime: string;
}

/** The newest saved version of a design: its number and model text (0 and null before the first save). */
export async function latestVersion(db: Db, designId: string): Promise<{ version: number; modelJson: string | null }> {
  const row = await db
    .selectFrom('sysVisualdevVersion')
    .select(['version', 'modelJson'])
    .where('designId', '=', designId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { version: Number(row.version), modelJson: row.modelJson } : { version: 0, modelJson: null };
}

/** Keeps the model text as the next version unless it equals the newest one; returns the design's version number. */
export async function saveVersion(db: Db, designId: string, modelJson: string, by: string | null): Promise<number> {
  const latest = await latestVersion(db, designId);
  if (latest.modelJson === modelJson) return latest.version;
  const version = latest.version + 1;
  await db.insertInto('sysVisualdevVersion').values({ id: newId(), designId, version, modelJson, createBy: by, createTime: nowText() }).execute();
  return version;
}

export async function listVersions(db: Db, designId: string): Promise<DesignVersion[]> {
  const rows = await db
    .selectFrom('sysVisualdevVersion')
    .select(['version', 'createBy', 'createTime'])
    .where('designId', '=', designId)
    .orderBy('version', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({ ...r, version: Number(r.version) }));
}

export async function versionText(db: Db, designId: string, version: number): Promise<string | null> {
  const row = await db.selectFrom('sysVisualdevVersion').select('modelJson').where('designId', '=', designId).where('version', '=', version).executeTakeFirst();
  return row?.modelJson ?? null;
}

/** The text of the model as released now (sys_model), or null before the first release. */
export async function releasedText(db: Db, modelId: string): Promise<string | null> {
  const row = await db.selectFrom('sysModel').select('json').where('id', '=', modelId).executeTakeFirst();
  return row?.json ?? null;
}
