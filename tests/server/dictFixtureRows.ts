// Rows for the tables of tests/fixtures/authModules/authdict (the engine creates the tables at startup).
import type { Kysely } from 'kysely';
import { newId } from '../../server/db/ids.js';
import type { Database } from '../../server/db/schema.js';
import { nowText } from '../../server/db/timestamps.js';

const stamps = () => ({ createBy: 'test', createTime: nowText(), updateBy: null, updateTime: null, version: 1 });

export async function insertSamples(
  db: Kysely<Database>,
  rows: { tenantId: number; fullName: string; sampleCode: string | null; level: number; secretNote?: string }[],
): Promise<void> {
  await (db as unknown as Kysely<any>)
    .insertInto('authdict_sample')
    .values(rows.map((row) => ({ id: newId(), secretNote: null, ...row, ...stamps() })))
    .execute();
}

export async function insertShared(db: Kysely<Database>, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({ id: newId(), label: `共享${String(i + 1).padStart(3, '0')}`, rank: i + 1, ...stamps() }));
  await (db as unknown as Kysely<any>).insertInto('authdict_shared').values(rows).execute();
}
