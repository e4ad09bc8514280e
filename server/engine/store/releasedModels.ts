import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, ModelTable } from '../../db/schema.js';
import { nowText } from '../../db/timestamps.js';

/** What sys_model keeps of one released model. */
export type ReleasedRow = ModelTable;

/** sha256 (hex) of the stored JSON text: equal texts are the same release. */
export function checksumOf(json: string): string {
  return createHash('sha256').update(json).digest('hex');
}

export async function readReleasedRows(db: Kysely<Database>): Promise<ReleasedRow[]> {
  return db.selectFrom('sysModel').selectAll().orderBy('id').execute();
}

export async function readReleasedRow(db: Kysely<Database>, id: string): Promise<ReleasedRow | undefined> {
  return db.selectFrom('sysModel').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Stores a release in the caller's transaction and returns its version: one more than the row's
 * (the update locks the row until commit), 1 for a model never released before.
 */
export async function writeReleasedRow(
  trx: Transaction<Database>,
  row: { id: string; module: string; json: string; checksum: string; releasedBy: string | null },
): Promise<number> {
  const releasedAt = nowText();
  const updated = await trx
    .updateTable('sysModel')
    .set((eb) => ({ json: row.json, checksum: row.checksum, module: row.module, releasedBy: row.releasedBy, releasedAt, version: eb('version', '+', 1) }))
    .where('id', '=', row.id)
    .returning('version')
    .executeTakeFirst();
  if (updated) return updated.version;
  await trx
    .insertInto('sysModel')
    .values({ ...row, version: 1, releasedAt })
    .execute();
  return 1;
}
