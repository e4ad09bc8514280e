import Database from 'better-sqlite3';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/app.js';
import { BENCH_PASSWORD } from './seedPositions.js';

const HOST = process.env.CLOUDLAB_BENCH_PG_HOST ?? '127.0.0.1';
const PORT = Number(process.env.CLOUDLAB_BENCH_PG_PORT ?? 5432);

/** The maintenance database of the local PostgreSQL (trust auth, as the tests use it), or null. */
export async function postgresAdminUrl(): Promise<string | null> {
  for (const user of ['postgres', 'root']) {
    const url = `postgres://${user}@${HOST}:${PORT}/postgres`;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      return url;
    } catch {
      // try the next user
    } finally {
      await client.end().catch(() => {});
    }
  }
  return null;
}

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const BATCH = 10_000;

/**
 * A throwaway PostgreSQL database holding the same positions as the seeded SQLite file: tables,
 * indexes and admin made by the real server, the rows copied over in batches (unnest of arrays, one
 * statement per 10,000 rows), then analysed. Dropped by the caller.
 */
export async function postgresCopyOf(adminUrl: string, sqliteDir: string, rows: number): Promise<BenchDatabase> {
  const name = `cloudlab_bench_${rows}_${process.pid}`;
  await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  await adminQuery(adminUrl, `create database ${name}`);
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  const drop = () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  try {
    const app = await buildApp({ config: { dataDir: sqliteDir, databaseUrl: url, adminPassword: BENCH_PASSWORD }, adminPasswordFinal: true });
    await app.close();
    const source = new Database(path.join(sqliteDir, 'cloudlab.db'), { readonly: true });
    const target = new pg.Client({ connectionString: url });
    await target.connect();
    const started = Date.now();
    try {
      const select = source.prepare(
        `select rowid as r, id, full_name, en_code, enabled_mark, sort_code, description, create_time from sys_position where tenant_id = 1 and rowid > ? order by rowid limit ${BATCH}`,
      );
      let after = 0;
      for (;;) {
        const batch = select.all(after) as Record<string, unknown>[];
        if (batch.length === 0) break;
        const column = (key: string) => batch.map((r) => r[key]);
        await target.query(
          `insert into sys_position (id, tenant_id, full_name, en_code, organize_id, enabled_mark, sort_code, description, create_by, create_time, version)
           select id, 1, full_name, en_code, null, enabled_mark, sort_code, description, 'bench', create_time, 1
           from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::text[], $7::text[])
             as t(id, full_name, en_code, enabled_mark, sort_code, description, create_time)`,
          ['id', 'full_name', 'en_code', 'enabled_mark', 'sort_code', 'description', 'create_time'].map(column),
        );
        after = batch.at(-1)!.r as number;
      }
      // vacuum merges the GIN indexes' pending lists, as autovacuum would on a live database
      await target.query('vacuum analyze');
      console.log(`[bench] PostgreSQL copy of ${rows} positions in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    } finally {
      source.close();
      await target.end();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { url, drop };
}
