import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RejectionLog } from '../auth/rejectionLog.js';
import type { SecurityLogRetention } from '../auth/securityLogRetention.js';
import type { AppConfig } from '../config.js';
import type { DbHandle } from '../db/createDb.js';
import type { DictCache } from '../dict/dictCache.js';
import type { ModuleSet } from '../engine/loadModules.js';
import type { Translate } from '../i18n/translateText.js';
import type { JobScheduler } from '../jobs/scheduler.js';
import type { SysLog } from '../logs/sysLog.js';

/** What every route family needs, built once by buildApp and shared as app.ctx. */
export interface AppContext {
  config: AppConfig;
  db: DbHandle;
  modules: ModuleSet;
  dicts: DictCache;
  /** zh-CN model/menu/dictionary text -> the request's language */
  translate: Translate;
  /** anonymous rejections, aggregated per address, kind and minute */
  rejections: RejectionLog;
  securityLogRetention: SecurityLogRetention;
  /** the login and operation log (model system.log), written in batches */
  sysLog: SysLog;
  /** this server's job scheduler; null when CLOUDLAB_JOBS=off */
  readonly jobs: JobScheduler | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

async function contextPlugin(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.decorate('ctx', ctx);
}

export default fp(contextPlugin, { name: 'cloudlab-context' });
