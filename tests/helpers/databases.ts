import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Server suites run once per database (Kysely's DIALECTS loop). CLOUDLAB_TEST_DATABASES=sqlite (or
 * postgres) narrows the loop. PostgreSQL cases need a server on 127.0.0.1:5432 with trust auth; where
 * none answers they are skipped with the reason printed once.
 */
export type TestDatabaseKind = 'sqlite' | 'postgres';

const requested = (process.env.CLOUDLAB_TEST_DATABASES ?? 'sqlite,postgres').split(',').map((s) => s.trim()) as TestDatabaseKind[];
const PG_HOST = process.env.CLOUDLAB_TEST_PG_HOST ?? '127.0.0.1';
const PG_PORT = Number(process.env.CLOUDLAB_TEST_PG_PORT ?? 5432);

let adminUrlPromise: Promise<string | null> | null = null;

/** The URL of a PostgreSQL maintenance database we may create databases from, or null. */
export function postgresAdminUrl(): Promise<string | null> {
  adminUrlPromise ??= (async () => {
    const reasons: string[] = [];
    for (const user of ['postgres', 'root']) {
      const url = `postgres://${user}@${PG_HOST}:${PG_PORT}/postgres`;
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
      try {
        await client.connect();
        await client.query('select 1');
        return url;
      } catch (error) {
        reasons.push(`${user}: ${(error as Error).message}`);
      } finally {
        await client.end().catch(() => {});
      }
    }
    console.warn(`[tests] PostgreSQL cases skipped: no server reachable at ${PG_HOST}:${PG_PORT} (${reasons.join('; ')})`);
    return null;
  })();
  return adminUrlPromise;
}

export interface TestDatabase {
  kind: TestDatabaseKind;
  dataDir: string;
  databaseUrl: string | null;
  drop(): Promise<void>;
}

/**
 * A throwaway database does not wait for its commits to reach the disk (synchronous_commit off, for this
 * database only): what a commit makes visible, and when, is unchanged; only a crash of the PostgreSQL
 * server could lose the last commits, and no test crashes it. Seen: 300 one-row commits 3.3-3.9 s -> 0.4-1.2 s.
 */
async function createDatabase(admin: pg.Client, name: string, template: string | undefined): Promise<void> {
  await copyDatabase(admin, name, template);
  await admin.query(`alter database ${name} set synchronous_commit = off`);
}

/** PostgreSQL refuses to copy a template while a connection to it is still closing (SQLSTATE 55006). */
async function copyDatabase(admin: pg.Client, name: string, template: string | undefined): Promise<void> {
  if (!template) {
    await admin.query(`create database ${name}`);
    return;
  }
  if (!/^[a-z0-9_]+$/.test(template)) throw new Error(`not a test database name: ${template}`);
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * A throwaway database: a fresh data folder (SQLite) or a fresh PostgreSQL database. With a template (a
 * SQLite data folder or a PostgreSQL database name, see databaseTemplates.ts) it starts as a copy of it.
 */
export async function createTestDatabase(kind: TestDatabaseKind, template?: string): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cloudlab-${kind}-`));
  if (kind === 'sqlite') {
    if (template) fs.cpSync(template, dataDir, { recursive: true });
    return { kind, dataDir, databaseUrl: null, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const adminUrl = await postgresAdminUrl();
  if (!adminUrl) throw new Error('PostgreSQL is not reachable');
  const name = `cloudlab_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await createDatabase(admin, name, template);
  } finally {
    await admin.end();
  }
  return {
    kind,
    dataDir,
    databaseUrl: adminUrl.replace(/\/postgres$/, `/${name}`),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The databases this run covers; postgres is dropped (with the printed reason) when unreachable. */
export async function availableDatabases(): Promise<TestDatabaseKind[]> {
  const kinds: TestDatabaseKind[] = [];
  for (const kind of requested) {
    if (kind === 'sqlite') kinds.push(kind);
    else if (kind === 'postgres' && (await postgresAdminUrl())) kinds.push(kind);
  }
  return kinds;
}

/** Both kinds, each with whether it runs here: for describe.each + describe.skipIf. */
export async function databaseMatrix(): Promise<{ kind: TestDatabaseKind; available: boolean }[]> {
  const available = await availableDatabases();
  return (['sqlite', 'postgres'] as const).filter((k) => requested.includes(k)).map((kind) => ({ kind, available: available.includes(kind) }));
}
