import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as core0001 from './migrations/0001_core.js';
import * as seed0002 from './migrations/0002_seed.js';
import * as modelStore0003 from './migrations/0003_model_store.js';
import * as adopt0004 from './migrations/0004_core_tables_to_models.js';
import * as loginAttempts0005 from './migrations/0005_login_attempts.js';
import * as securityLog0006 from './migrations/0006_security_log_occurrences.js';
import * as columnSettings0007 from './migrations/0007_column_settings.js';
import * as jobTicks0008 from './migrations/0008_job_ticks.js';
import * as visualdev0009 from './migrations/0009_visualdev.js';
import * as rolesPerTenant0010 from './migrations/0010_roles_per_tenant.js';
import * as dataRulesPerTenant0011 from './migrations/0011_data_rules_per_tenant.js';
import * as identityGeneration0012 from './migrations/0012_identity_generation.js';
import * as dropOnlineUserButton0013 from './migrations/0013_drop_online_user_button.js';
import * as userLinksPerTenant0014 from './migrations/0014_user_links_per_tenant.js';

/**
 * The one migration history of the core tables, shared by SQLite and PostgreSQL. Listed in code
 * (not read from a folder) so the order is explicit and bundling cannot lose a file.
 * Model tables (every table but the engine's bookkeeping) are not migrated here:
 * server/engine/syncModelTables.ts derives them from model files.
 */
const CORE_MIGRATIONS: Record<string, Migration> = {
  '0001_core': core0001,
  '0002_seed': seed0002,
  '0003_model_store': modelStore0003,
  '0004_core_tables_to_models': adopt0004,
  '0005_login_attempts': loginAttempts0005,
  '0006_security_log_occurrences': securityLog0006,
  '0007_column_settings': columnSettings0007,
  '0008_job_ticks': jobTicks0008,
  '0009_visualdev': visualdev0009,
  '0010_roles_per_tenant': rolesPerTenant0010,
  '0011_data_rules_per_tenant': dataRulesPerTenant0011,
  '0012_identity_generation': identityGeneration0012,
  '0013_drop_online_user_button': dropOnlineUserButton0013,
  '0014_user_links_per_tenant': userLinksPerTenant0014,
};

class CoreMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return CORE_MIGRATIONS;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before any table type exists
export async function migrateCore(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new CoreMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`core migration ${failed?.migrationName ?? '?'} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
