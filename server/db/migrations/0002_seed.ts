import type { Kysely } from 'kysely';

/**
 * Kept by name only: Kysely refuses a history that lost a migration a database already ran. Its rows
 * (the default tenant and the admin role) now come from server/db/seedCoreRows.ts, which runs after
 * the model tables exist and is idempotent.
 */
export async function up(_db: Kysely<unknown>): Promise<void> {}
