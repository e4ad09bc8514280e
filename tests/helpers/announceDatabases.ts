import { availableDatabases, postgresAdminUrl } from './databases.js';

/**
 * Vitest globalSetup of the server project: says once which databases the server suites run on.
 * With CLOUDLAB_REQUIRE_POSTGRES=1 (CI) a run without PostgreSQL fails here instead of passing with the
 * PostgreSQL cases skipped.
 */
export default async function announceDatabases(): Promise<void> {
  const kinds = await availableDatabases();
  const pg = await postgresAdminUrl();
  console.log(`[tests] server suites run on: ${kinds.join(', ')}${pg ? ` (PostgreSQL at ${pg.replace(/\/[^/]*$/, '')})` : ''}`);
  if (process.env.CLOUDLAB_REQUIRE_POSTGRES === '1' && !kinds.includes('postgres')) {
    throw new Error('CLOUDLAB_REQUIRE_POSTGRES=1 but the PostgreSQL suites would be skipped (no server on 127.0.0.1:5432, or CLOUDLAB_TEST_DATABASES leaves it out)');
  }
}
