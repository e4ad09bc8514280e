import { inject } from 'vitest';
import type { TestDatabaseKind } from './databases.js';

/**
 * Databases as a first start leaves them (core tables migrated, every model's table created, core rows,
 * module menus and dictionaries, the admin with ADMIN_PASSWORD), made once per run by the server
 * project's globalSetup (announceDatabases.ts): the SQLite data folder to copy and the PostgreSQL
 * database to CREATE DATABASE … TEMPLATE from. A test app on a copy starts as a restarted server does,
 * instead of paying the first start (about three quarters of a test app's start) in every file.
 * CLOUDLAB_TEST_TEMPLATES=0 turns them off (every test app starts on an empty database).
 */
export type DatabaseTemplates = Partial<Record<TestDatabaseKind, string>>;

declare module 'vitest' {
  export interface ProvidedContext {
    cloudlabDatabaseTemplates: DatabaseTemplates;
  }
}

export const DATABASE_TEMPLATES_KEY = 'cloudlabDatabaseTemplates';

export function templatesWanted(): boolean {
  return process.env.CLOUDLAB_TEST_TEMPLATES !== '0';
}

/** The template for this kind, where the run made one (never outside Vitest's server project). */
export function databaseTemplate(kind: TestDatabaseKind): string | undefined {
  if (!templatesWanted()) return undefined;
  return inject(DATABASE_TEMPLATES_KEY)?.[kind];
}
