import { sql, type Kysely } from 'kysely';
import areaData from 'china-area-data/data.json' with { type: 'json' };
import type { DbAdapter } from '../db/dialects/DbAdapter.js';
import type { Database } from '../db/schema.js';
import { nowText } from '../db/timestamps.js';

/** The table of model system.area (schemas/system/models/area.model.json). */
export const AREA_TABLE = 'sys_area';
/** The parent of the provinces: china-area-data's root, and the area tree's rootValue. */
export const AREA_ROOT = '86';
/** Rows per INSERT: ~10 bound values each stays far below both databases' parameter limits. */
const BATCH = 500;

type AreaData = Record<string, Record<string, string>>;

interface AreaRow {
  id: string;
  parent_id: string;
  full_name: string;
  en_code: string;
  type: number;
  enabled_mark: number;
  sort_code: number;
  create_by: string;
  create_time: string;
  version: number;
}

/**
 * Every province, city and district of china-area-data as rows, parents before children; a row's id is
 * its GB/T 2260 code, the value the client's AreaPicker (which reads its levels from /api/system/Area)
 * stores.
 */
export function areaRows(data: AreaData = areaData as AreaData, at = nowText()): AreaRow[] {
  const rows: AreaRow[] = [];
  const seen = new Set<string>();
  const walk = (parent: string, level: number) => {
    Object.entries(data[parent] ?? {}).forEach(([code, name], index) => {
      // the package files a few Taiwan district codes under two cities; an id is one area, so the first wins
      if (seen.has(code)) return;
      seen.add(code);
      rows.push({
        id: code,
        parent_id: parent,
        full_name: name,
        en_code: code,
        type: level,
        enabled_mark: 1,
        sort_code: index,
        create_by: 'system',
        create_time: at,
        version: 1,
      });
      if (level < 3) walk(code, level + 1);
    });
  };
  walk(AREA_ROOT, 1);
  return rows;
}

/**
 * Seeds the region table on a start that finds it empty (a later edit by an administrator is never
 * overwritten): batched inserts in one transaction, ignoring rows another server inserted meanwhile.
 * Returns how many rows were inserted (0 when the table already had rows).
 */
export async function seedAreas(db: Kysely<Database>, adapter: DbAdapter): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(AREA_TABLE)}`.execute(db);
  if (Number(rows[0]?.n ?? 0) > 0) return 0;
  const all = areaRows();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < all.length; i += BATCH) {
      await adapter.upsert.insertIgnoring(AREA_TABLE, all.slice(i, i + BATCH) as unknown as Record<string, unknown>[], ['id']).execute(trx);
    }
  });
  return all.length;
}
