import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { availableDatabases, postgresAdminUrl } from './databases.js';

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
export default async function announceDatabases(): Promise<void> {
  const kinds = await availableDatabases();
  const adminUrl = await postgresAdminUrl();
  await removeLeftovers(adminUrl);
  console.log(`[tests] server suites run on: ${kinds.join(', ')}${adminUrl ? ` (PostgreSQL at ${adminUrl.replace(/\/[^/]*$/, '')})` : ''}`);
  if (process.env.CLOUDLAB_REQUIRE_POSTGRES === '1' && !kinds.includes('postgres')) {
    throw new Error(
      'CLOUDLAB_REQUIRE_POSTGRES=1 but the PostgreSQL suites would be skipped (no server on 127.0.0.1:5432, or CLOUDLAB_TEST_DATABASES leaves it out)',
    );
  }
}
