import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { DATABASE_TEMPLATES_KEY, templatesWanted, type DatabaseTemplates } from './databaseTemplates.js';
import { availableDatabases, createTestDatabase, postgresAdminUrl, type TestDatabase, type TestDatabaseKind } from './databases.js';
import { createTestApp } from './testApp.js';

const STALE_MS = 6 * 60 * 60 * 1000;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A run that was killed (Ctrl-C, a CI time-out) cannot drop its throwaway databases and folders: the
 * next run removes those whose process is gone (databases) or that are older than six hours (folders).
 */
async function removeLeftovers(adminUrl: string | null): Promise<void> {
  for (const entry of fs.readdirSync(os.tmpdir())) {
    if (!/^cloudlab-(sqlite|postgres|e2e)-/.test(entry)) continue;
    const dir = path.join(os.tmpdir(), entry);
    const age = Date.now() - fs.statSync(dir).mtimeMs;
    if (age > STALE_MS) fs.rmSync(dir, { recursive: true, force: true });
  }
  if (!adminUrl) return;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like 'cloudlab\\_test\\_%'`);
    for (const { datname } of rows) {
      const pid = Number(/^cloudlab_test_(\d+)_/.exec(datname)?.[1]);
      if (Number.isInteger(pid) && !processAlive(pid) && /^[a-z0-9_]+$/.test(datname)) await client.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await client.end();
  }
}

/**
 * Vitest globalSetup of the server project: says once which databases the server suites run on.
 * With CLOUDLAB_REQUIRE_POSTGRES=1 (CI) a run without PostgreSQL fails here instead of passing with the
 * PostgreSQL cases skipped.
 */
export default async function announceDatabases(project: TestProject): Promise<() => Promise<void>> {
  const kinds = await availableDatabases();
  const adminUrl = await postgresAdminUrl();
  await removeLeftovers(adminUrl);
  console.log(`[tests] server suites run on: ${kinds.join(', ')}${adminUrl ? ` (PostgreSQL at ${adminUrl.replace(/\/[^/]*$/, '')})` : ''}`);
  if (process.env.CLOUDLAB_REQUIRE_POSTGRES === '1' && !kinds.includes('postgres')) {
    throw new Error(
      'CLOUDLAB_REQUIRE_POSTGRES=1 but the PostgreSQL suites would be skipped (no server on 127.0.0.1:5432, or CLOUDLAB_TEST_DATABASES leaves it out)',
    );
  }
  const made = templatesWanted() ? await makeTemplates(kinds) : [];
  const templates: DatabaseTemplates = {};
  for (const database of made)
    templates[database.kind] = database.databaseUrl ? database.databaseUrl.slice(database.databaseUrl.lastIndexOf('/') + 1) : database.dataDir;
  project.provide(DATABASE_TEMPLATES_KEY, templates);
  return async () => {
    for (const database of made) await database.drop();
  };
}

/** One first start per database kind, closed again: what the test apps of the run copy (databaseTemplates.ts). */
async function makeTemplates(kinds: TestDatabaseKind[]): Promise<TestDatabase[]> {
  const made: TestDatabase[] = [];
  try {
    for (const kind of kinds) {
      const database = await createTestDatabase(kind);
      made.push(database);
      const app = await createTestApp(kind, { database });
      await app.close();
    }
    return made;
  } catch (error) {
    for (const database of made) await database.drop().catch(() => {});
    throw error;
  }
}
