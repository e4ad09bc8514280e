import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything the server reads from its environment, resolved once. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… switches from the embedded SQLite file to PostgreSQL. */
  databaseUrl: string | null;
  /** First admin password; when null one is generated and printed once. */
  adminPassword: string | null;
  /** Set on a fresh install: the laboratory is seeded (server/seed) and this is every seeded account's first password. */
  labSeedPassword: string | null;
  /** Module folders (each holding module.json + models/); the built-in schemas/ first. */
  schemaDirs: string[];
  /** Built client (vite build output) served at /. */
  clientDir: string;
  session: { lifetimeMs: number; idleMs: number };
  login: { maxFailures: number; lockMs: number; perIpPerMinute: number };
  /**
   * Reverse proxies whose X-Forwarded-For is believed (addresses or CIDR ranges). Empty: the socket's
   * address is the client's, so a client cannot dodge the per-address sign-in throttle with a forged header.
   */
  trustedProxies: string[];
  passwordMinLength: number;
  /** hosts (lower case, host[:port]) whose https menu URLs may carry the session token (`${token}`) */
  tokenUrlHosts: string[];
  /** security-log rows older than this many days are deleted (checked at start and every 6 hours) */
  securityLogDays: number;
  /** statements slower than this are logged as warnings (SQL text only, never values); null: off */
  slowQueryMs: number | null;
  /**
   * certificates expiring within `days` are announced daily to their holder and the holders of the role
   * `qualityRole` (server/staff/certificateExpiry.ts); null: off
   */
  expiryNotice: { days: number; qualityRole: string } | null;
  /**
   * Scheduled jobs (server/jobs/scheduler.ts): `enabled` false (CLOUDLAB_JOBS=off) keeps this server from
   * running any, e.g. one kept for requests only; `pollMs` is how soon a change made on another server shows.
   */
  jobs: { enabled: boolean; pollMs: number };
  /** configured SQL (data interfaces, SQL reports; server/safeSql): statement timeout and row cap */
  configuredSql: { timeoutMs: number; maxRows: number };
  /** PDF printouts (server/print/pdfRenderer.ts): documents waiting or being made at most, and how long one may take */
  pdf: { maxQueued: number; timeoutMs: number };
  /** HTTP data interfaces: the hosts (lower case, host[:port]) they may call, and whether private addresses may be among them */
  outboundHttp: { hosts: string[]; allowPrivate: boolean; timeoutMs: number; maxBytes: number };
}

const ROOT = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function expiryNoticeFrom(env: NodeJS.ProcessEnv): AppConfig['expiryNotice'] {
  const days = intFromEnv(env, 'CLOUDLAB_EXPIRY_NOTICE_DAYS', 30);
  return days === 0 ? null : { days, qualityRole: env.CLOUDLAB_QUALITY_ROLE?.trim() || 'quality' };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// URL (leave it unset for the embedded SQLite database)');
  }
  const extraDirs = (env.CLOUDLAB_MODULE_DIRS ?? '').split(path.delimiter).filter(Boolean);
  return {
    port: intFromEnv(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.CLOUDLAB_DATA_DIR || path.join(ROOT, 'data')),
    databaseUrl,
    adminPassword: env.CLOUDLAB_ADMIN_PASSWORD || null,
    labSeedPassword: env.CLOUDLAB_LAB_SEED_PASSWORD || null,
    schemaDirs: [path.join(ROOT, 'schemas'), ...extraDirs.map((d) => path.resolve(d))],
    clientDir: path.resolve(env.CLOUDLAB_CLIENT_DIR || path.join(ROOT, 'dist', 'client')),
    session: {
      lifetimeMs: intFromEnv(env, 'CLOUDLAB_SESSION_DAYS', 7) * 24 * 3600_000,
      idleMs: intFromEnv(env, 'CLOUDLAB_SESSION_IDLE_HOURS', 8) * 3600_000,
    },
    login: {
      maxFailures: intFromEnv(env, 'CLOUDLAB_LOGIN_MAX_FAILURES', 5),
      lockMs: intFromEnv(env, 'CLOUDLAB_LOGIN_LOCK_MINUTES', 10) * 60_000,
      perIpPerMinute: intFromEnv(env, 'CLOUDLAB_LOGIN_PER_IP_PER_MINUTE', 30),
    },
    trustedProxies: (env.CLOUDLAB_TRUSTED_PROXIES ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    passwordMinLength: intFromEnv(env, 'CLOUDLAB_PASSWORD_MIN_LENGTH', 6),
    tokenUrlHosts: (env.CLOUDLAB_TOKEN_URL_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    securityLogDays: Math.max(1, intFromEnv(env, 'CLOUDLAB_SECURITY_LOG_DAYS', 90)),
    slowQueryMs: env.CLOUDLAB_SLOW_QUERY_MS ? intFromEnv(env, 'CLOUDLAB_SLOW_QUERY_MS', 0) : null,
    expiryNotice: expiryNoticeFrom(env),
    jobs: { enabled: env.CLOUDLAB_JOBS !== 'off', pollMs: Math.max(200, intFromEnv(env, 'CLOUDLAB_JOB_POLL_MS', 5_000)) },
    configuredSql: {
      timeoutMs: Math.max(100, intFromEnv(env, 'CLOUDLAB_SQL_TIMEOUT_MS', 5_000)),
      maxRows: Math.max(1, intFromEnv(env, 'CLOUDLAB_SQL_MAX_ROWS', 5_000)),
    },
    pdf: {
      maxQueued: Math.max(1, intFromEnv(env, 'CLOUDLAB_PDF_QUEUE', 8)),
      timeoutMs: Math.max(1_000, intFromEnv(env, 'CLOUDLAB_PDF_TIMEOUT_MS', 60_000)),
    },
    outboundHttp: {
      hosts: (env.CLOUDLAB_DATA_INTERFACE_HOSTS ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
      // an intranet service is a private address: only an operator who names it may open that door
      allowPrivate: env.CLOUDLAB_DATA_INTERFACE_ALLOW_PRIVATE === '1',
      timeoutMs: Math.max(100, intFromEnv(env, 'CLOUDLAB_DATA_INTERFACE_TIMEOUT_MS', 10_000)),
      maxBytes: Math.max(1024, intFromEnv(env, 'CLOUDLAB_DATA_INTERFACE_MAX_BYTES', 2 * 1024 * 1024)),
    },
  };
}

export const PROJECT_ROOT = ROOT;
