import { availableDatabases, postgresAdminUrl } from './databases.js';

/** Vitest globalSetup of the server project: says once which databases the server suites run on. */
export default async function announceDatabases(): Promise<void> {
  const kinds = await availableDatabases();
  const pg = await postgresAdminUrl();
  console.log(`[tests] server suites run on: ${kinds.join(', ')}${pg ? ` (PostgreSQL at ${pg.replace(/\/[^/]*$/, '')})` : ''}`);
}
