import type { Kysely } from 'kysely';
import { newId } from '../../server/db/ids.js';
import type { Database } from '../../server/db/schema.js';
import { nowText } from '../../server/db/timestamps.js';

/**
 * The tables of tests/fixtures/authModules/authdict. The engine's table sync creates them at startup;
 * "if not exists" with the engine's conventions (id varchar(36) pk, tenant_id, snake_case columns,
 * record stamps) keeps these tests independent of it.
 */
export async function ensureAuthdictTables(db: Kysely<Database>): Promise<void> {
  const schema = (db as unknown as Kysely<any>).schema;
  await schema
    .createTable('authdict_sample')
    .ifNotExists()
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('full_name', 'varchar(50)')
    .addColumn('sample_code', 'varchar(20)')
    .addColumn('level', 'integer')
    .addColumn('secret_note', 'varchar(100)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(19)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await schema
    .createTable('authdict_shared')
    .ifNotExists()
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('label', 'varchar(50)')
    .addColumn('rank', 'integer')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(19)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

const stamps = () => ({ createBy: 'test', createTime: nowText(), updateBy: null, updateTime: null, version: 1 });

export async function insertSamples(db: Kysely<Database>, rows: { tenantId: number; fullName: string; sampleCode: string | null; level: number; secretNote?: string }[]): Promise<void> {
  await (db as unknown as Kysely<any>)
    .insertInto('authdict_sample')
    .values(rows.map((row) => ({ id: newId(), secretNote: null, ...row, ...stamps() })))
    .execute();
}

export async function insertShared(db: Kysely<Database>, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({ id: newId(), label: `共享${String(i + 1).padStart(3, '0')}`, rank: i + 1, ...stamps() }));
  await (db as unknown as Kysely<any>).insertInto('authdict_shared').values(rows).execute();
}
