import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../server/app.js';
import type { AppConfig } from '../../server/config.js';
import type { HookRegistry } from '../../server/engine/hookRegistry.js';
import type { JobHandlerRegistry } from '../../server/jobs/jobHandlers.js';
import { databaseTemplate } from './databaseTemplates.js';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from './databases.js';

export const ADMIN_PASSWORD = 'Admin1234test';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** signs in and returns the token */
  login(username?: string, password?: string): Promise<string>;
  /** app.inject with X-Access-Token set when a token is given */
  request(options: InjectOptions & { token?: string; tenant?: string | number }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<AppConfig>;
  /** extra module roots after schemas/ */
  extraSchemaDirs?: string[];
  /** reuse a database (restart scenarios) instead of creating one */
  database?: TestDatabase;
  /** receives the generated first admin password (with config { adminPassword: null }) */
  onGeneratedAdminPassword?: (password: string) => void;
  /** sees every statement the app runs through Kysely */
  onQuery?: (sql: string, durationMs: number) => void;
  /** named model hooks the app's models may reference */
  hooks?: HookRegistry;
  /** scheduled-job handlers besides the built-in ones */
  jobHandlers?: JobHandlerRegistry;
  /** the notice socket's heartbeat period */
  noticeHeartbeatMs?: number;
  /** the admin must change the first password at first sign-in, as in production (default: not asked) */
  adminFirstSignIn?: boolean;
  /** Fastify's logger (default: none) */
  logger?: BuildAppOptions['logger'];
}

/** Settings that shape what a first start writes (the admin, the lab seed, the models): such an app starts on an empty database. */
const FIRST_START_SETTINGS = ['adminPassword', 'labSeedPassword', 'passwordMinLength', 'schemaDirs', 'dataDir', 'databaseUrl'] as const;

/**
 * Whether the app may start on a copy of the run's template (databaseTemplates.ts): not when the test is
 * about the first start itself (the generated or first-changed admin password, the lab seed, other models).
 */
function startsFromTemplate(options: TestAppOptions): boolean {
  const config = options.config ?? {};
  return !options.adminFirstSignIn && !options.onGeneratedAdminPassword && !FIRST_START_SETTINGS.some((key) => key in config);
}

/** A real server (buildApp) on a throwaway database; requests go through app.inject. */
export async function createTestApp(kind: TestDatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase(kind, startsFromTemplate(options) ? databaseTemplate(kind) : undefined));
  const app = await buildApp({
    config: {
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      adminPassword: ADMIN_PASSWORD,
      schemaDirs: [path.join(ROOT, 'schemas'), ...(options.extraSchemaDirs ?? [])],
      clientDir: path.join(database.dataDir, 'no-client'),
      // the daily certificate-expiry run is started by the suites that test it
      expiryNotice: null,
      ...options.config,
    },
    onGeneratedAdminPassword: options.onGeneratedAdminPassword,
    onQuery: options.onQuery,
    adminPasswordFinal: options.adminFirstSignIn !== true,
    ...(options.hooks ? { hooks: options.hooks } : {}),
    ...(options.jobHandlers ? { jobHandlers: options.jobHandlers } : {}),
    noticeHeartbeatMs: options.noticeHeartbeatMs,
    logger: options.logger,
  });
  const request: TestApp['request'] = ({ token, tenant, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: {
        ...(token ? { 'x-access-token': token } : {}),
        ...(tenant !== undefined ? { tenant_id: String(tenant) } : {}),
        ...headers,
      },
    });
  return {
    app,
    database,
    request,
    async login(username = 'admin', password = ADMIN_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/sys/login', payload: { username, password } });
      const body = res.json();
      if (!body.success) throw new Error(`login as ${username} failed: ${res.body}`);
      return body.result.token as string;
    },
    async close() {
      await app.close();
      if (!options.database) await database.drop();
    },
  };
}

export function fixturePath(...parts: string[]): string {
  const p = path.join(ROOT, 'tests', 'fixtures', ...parts);
  if (!fs.existsSync(p)) throw new Error(`fixture missing: ${p}`);
  return p;
}
