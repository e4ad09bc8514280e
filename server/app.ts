import { randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import adminIndexRoutes from './api/adminIndex.js';
import healthRoutes from './api/health.js';
import homeFiguresRoutes from './api/homeFigures.js';
import announcementRoutes from './api/announcements.js';
import columnSettingRoutes from './api/columnSettings.js';
import importReportRoutes from './api/importReports.js';
import modelFileRoutes from './api/modelFiles.js';
import modelReleaseRoutes from './api/modelRelease.js';
import noticeSocketRoutes from './api/noticeSocket.js';
import tableSocketRoutes from './api/tableSocket.js';
import onlineReportRoutes from './api/onlineReports.js';
import staticClient from './api/staticClient.js';
import sysDictRoutes from './api/sysDict.js';
import systemAreaRoutes from './api/systemArea.js';
import sysCategoryRoutes from './api/sysCategory.js';
import sysDuplicateRoutes from './api/sysDuplicate.js';
import systemDictionaryRoutes from './api/systemDictionary.js';
import systemBillRuleRoutes from './api/systemBillRule.js';
import sysLoginRoutes from './api/sysLogin.js';
import sysPermissionRoutes from './api/sysPermission.js';
import sysUserSelfRoutes from './api/sysUserSelf.js';
import sysDepartPickerRoutes from './api/sysDepartPicker.js';
import sysUserPickerRoutes from './api/sysUserPicker.js';
import userImportPreviewRoutes from './api/userImportPreview.js';
import uploadChunkRoutes from './api/uploadChunks.js';
import uploadCommonRoutes from './api/uploadCommon.js';
import { createFileAccess } from './api/fileAccess.js';
import visualdevRoutes from './api/visualdev.js';
import visualdevModuleRoutes from './api/visualdevModules.js';
import { ensureBootstrap } from './auth/bootstrap.js';
import { createRejectionLog } from './auth/rejectionLog.js';
import { startSecurityLogRetention } from './auth/securityLogRetention.js';
import { loadConfig, type AppConfig } from './config.js';
import { createDb, type DbHandle } from './db/createDb.js';
import { postgresModelChannel } from './db/dialects/postgres/modelChannel.js';
import { openSqliteModelChannel } from './db/dialects/sqlite/modelChannel.js';
import { migrateCore } from './db/migrate.js';
import { seedCoreRows } from './db/seedCoreRows.js';
import { createDictCache } from './dict/dictCache.js';
import { createEngineEnv } from './engine/engineEnv.js';
import { copyHooks, createHookRegistry, type HookRegistry } from './engine/hookRegistry.js';
import { withEngineHooks } from './engine/dataRuleHooks.js';
import { registerUserHooks } from './auth/userHooks.js';
import { registerPermissionOperations } from './permission/registerPermissionOperations.js';
import { loadModules } from './engine/loadModules.js';
import { createTranslator } from './i18n/translateText.js';
import { registerAnnouncementHooks } from './notices/announcementHooks.js';
import { registerSystemHooks } from './system/systemHooks.js';
import { registerRecycleBinHooks, type ServedModels } from './system/recycleBinHooks.js';
import type { Translate } from './i18n/translateText.js';
import { registerStaffHooks } from './staff/staffHooks.js';
import { registerBuiltinJobHandlers } from './jobs/builtinJobHandlers.js';
import { createJobHandlerRegistry, type JobHandlerRegistry } from './jobs/jobHandlers.js';
import { registerJobHooks } from './jobs/jobHooks.js';
import { startJobScheduler, type JobScheduler } from './jobs/scheduler.js';
import { createSysLog } from './logs/sysLog.js';
import { registerOperationLog } from './logs/operationLogHook.js';
import sysLogInfoRoutes from './api/sysLogInfo.js';
import sysCheckRuleRoutes from './api/sysCheckRule.js';
import { registerDataInterfaceHooks } from './dataInterface/dataInterfaceHooks.js';
import systemDataInterfaceRoutes from './api/systemDataInterface.js';
import systemPrintDevRoutes from './api/systemPrintDev.js';
import staffAssessorExportRoutes from './api/staffAssessorExport.js';
import { registerPrintHooks } from './print/printHooks.js';
import { registerVisualdevHooks } from './visualdev/visualdevHooks.js';
import { seedSampleReceipt } from './visualdev/sampleReceipt.js';
import { seedSystemData } from './system/seedSystemData.js';
import type { NoticeBus } from './notices/noticeBus.js';
import { openNotices } from './notices/openNotices.js';
import { startExpiryNotices } from './staff/certificateExpiry.js';
import modelRoutes from './engine/modelRoutes.js';
import { syncModelTables } from './engine/syncModelTables.js';
import { separateRecycleBinSecrets } from './engine/recordHistory.js';
import { seedLab } from './seed/seedLab.js';
import { syncModuleData } from './engine/syncModuleData.js';
import { openModelStore, type ModelStore } from './engine/store/modelStore.js';
import dictVersionPlugin from './plugins/dictVersionPlugin.js';
import accessPlugin from './plugins/accessPlugin.js';
import contextPlugin, { type AppContext } from './plugins/contextPlugin.js';
import { securityHeaderOptions, securityHeaders } from './plugins/securityHeaders.js';
import errorPlugin from './plugins/errorPlugin.js';
import jsonBodyPlugin from './plugins/jsonBodyPlugin.js';

const GLOBAL_BODY_LIMIT = 256 * 1024;

/** Unique across processes (random prefix) and cheap per request (a counter). */
function createRequestIds(): () => string {
  const prefix = randomBytes(5).toString('hex');
  let counter = 0;
  return () => `${prefix}${(++counter).toString(36)}`;
}

/** The slow-query log (CLOUDLAB_SLOW_QUERY_MS) and the caller's observer, when either is wanted. */
function queryObserver(app: FastifyInstance, config: AppConfig, observe: BuildAppOptions['onQuery']): BuildAppOptions['onQuery'] {
  const slowMs = config.slowQueryMs;
  if (slowMs === null && !observe) return undefined;
  return (sql, durationMs) => {
    observe?.(sql, durationMs);
    if (slowMs !== null && durationMs >= slowMs) app.log.warn({ sql: sql.slice(0, 2000), durationMs: Math.round(durationMs) }, 'slow query');
  };
}

/** The user and announcement models' hooks plus the caller's (withEngineHooks adds the data-rule ones). */
function appHooks(config: AppConfig, extra: HookRegistry | undefined, notices: NoticeBus, jobs: SystemHookInput, store: () => ModelStore | null): HookRegistry {
  const hooks = createHookRegistry();
  registerJobHooks(hooks, jobs.handlers, jobs.scheduler);
  registerRecycleBinHooks(hooks, jobs.served, jobs.translate);
  registerDataInterfaceHooks(hooks, config, store);
  registerPrintHooks(hooks, store);
  registerUserHooks(hooks, config);
  registerPermissionOperations(hooks, config, notices.publish);
  registerAnnouncementHooks(hooks, notices.publish);
  registerSystemHooks(hooks);
  registerStaffHooks(hooks, config);
  registerVisualdevHooks(hooks);
  copyHooks(extra, hooks);
  return hooks;
}

interface SystemHookInput {
  handlers: JobHandlerRegistry;
  scheduler: () => JobScheduler | null;
  /** the compiled models the store serves now (the recycle bin restores into them) */
  served: () => ServedModels | null;
  translate: Translate;
}

/** The built-in job handlers plus the caller's. */
function appJobHandlers(extra: JobHandlerRegistry | undefined): JobHandlerRegistry {
  const handlers = createJobHandlerRegistry();
  registerBuiltinJobHandlers(handlers);
  for (const name of extra?.names() ?? []) handlers.register(name, extra!.get(name)!);
  return handlers;
}

export interface BuildAppOptions {
  config?: Partial<AppConfig>;
  logger?: FastifyServerOptions['logger'];
  /** called once with a generated first admin password (main.ts prints it) */
  onGeneratedAdminPassword?: (password: string) => void;
  /** sees every statement run through Kysely (tests observe query plans with it) */
  onQuery?: (sql: string, durationMs: number) => void;
  /** named model hooks (model.hooks.beforeSave) besides the built-in ones (user.hashPassword) */
  hooks?: HookRegistry;
  /** scheduled-job handlers besides the built-in ones (server/jobs/builtinJobHandlers.ts) */
  jobHandlers?: JobHandlerRegistry;
  /** the notice socket's ping and session check period (default 20 s; tests shorten it) */
  noticeHeartbeatMs?: number;
  /** harnesses only (tests, benchmarks): the first admin password is a fixture, no change is asked (bootstrap.ts) */
  adminPasswordFinal?: boolean;
}

/**
 * Builds the whole server without listening (Fastify testing guide: app vs server). The order
 * matters: migrate the engine's bookkeeping tables → load and validate every module folder →
 * create or extend every model's table (users, roles and tenants included) → seed the default
 * tenant and admin role → upsert module menus/permissions/dictionaries → make sure an admin exists
 * → register every route.
 */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config: AppConfig = { ...loadConfig(), ...options.config };
  const app = Fastify({
    logger: options.logger ?? false,
    // JSON API bodies are records and queries; routes that take more say so (model release, imports stream)
    bodyLimit: GLOBAL_BODY_LIMIT,
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    genReqId: createRequestIds(),
    // forceCloseConnections: close idle keep-alive sockets at shutdown, let in-flight requests finish
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });

  let db: DbHandle | null = null;
  let store: ModelStore | null = null;
  let notices: NoticeBus | null = null;
  let scheduler: JobScheduler | null = null;
  const jobHandlers = appJobHandlers(options.jobHandlers);
  try {
    db = createDb({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      onPoolError: (error) => app.log.warn({ err: error }, 'database connection lost; the next query reconnects'),
      onQuery: queryObserver(app, config, options.onQuery),
    });
    await migrateCore(db.db);
    notices = await openNotices(db, config, (message, error) => app.log.warn({ err: error }, message));
    const fileModules = loadModules(config.schemaDirs);
    const dicts = createDictCache(db.db);
    const translate = createTranslator(fileModules);
    const env = createEngineEnv(db, translate, dicts, config.dataDir);
    const servedModels = (): ServedModels | null => {
      const entries = store?.current().entries;
      if (!entries) return null;
      return { get: (id) => entries.get(id)?.compiled, all: () => [...entries.values()].map((e) => e.compiled), scopeOf: env.scopeOf };
    };
    // a write to the dictionary tables through the engine shows in the next dictionary read
    dicts.follow(() => env.generations.of('sys_dict') + env.generations.of('sys_dict_item'));
    store = await openModelStore({
      handle: db,
      openChannel: config.databaseUrl ? postgresModelChannel(config.databaseUrl) : openSqliteModelChannel,
      fileModules,
      // the data-rule check reads the models through the store, so a released model is known to it
      hooks: withEngineHooks(
        appHooks(config, options.hooks, notices, { handlers: jobHandlers, scheduler: () => scheduler, served: servedModels, translate }, () => store),
        (id) => store?.current().modules.models.get(id),
        (id) => store?.current().entries.get(id)?.compiled,
      ),
      env,
      warn: (message, error) => app.log.warn({ err: error }, message),
    });
    const modelStore = store;
    // a write may put into a record only files its writer may read (engine/fileReferences.ts)
    env.fileReadable = createFileAccess(modelStore, db.db, config.dataDir).mayUse;
    await syncModelTables(db, modelStore.current().modules);
    await separateRecycleBinSecrets(
      db.db,
      [...modelStore.current().entries.values()].map((e) => e.compiled),
    );
    await seedCoreRows(db.db);
    await syncModuleData(db, modelStore.current().modules);
    await seedSystemData(db, app.log);
    await seedSampleReceipt(db, modelStore);
    const { generatedPassword } = await ensureBootstrap(db.db, config, modelStore.current().modules, { passwordFinal: options.adminPasswordFinal === true });
    if (generatedPassword) options.onGeneratedAdminPassword?.(generatedPassword);
    const lab = await seedLab(db.db, config);
    if (lab.seeded)
      app.log.info({ users: lab.users }, 'seeded the laboratory (docs/lab-seed.md); every seeded account changes its first password at first sign-in');
    if (lab.unknownCodes.length > 0) app.log.warn({ codes: lab.unknownCodes }, 'lab seed: permission codes no module declares were left out');

    const logError = (error: unknown) => app.log.warn({ err: error }, 'security log write failed');
    const rejections = createRejectionLog(db.db, { onError: logError });
    const securityLogRetention = startSecurityLogRetention(db.db, { days: config.securityLogDays, onError: logError });
    const sysLog = createSysLog(db.db, { onError: (message, error) => app.log.warn({ err: error }, message) });
    // modules is read through the store: a release shows in it at once
    const ctx: AppContext = {
      config,
      db,
      get modules() {
        return modelStore.current().modules;
      },
      dicts,
      translate,
      rejections,
      securityLogRetention,
      sysLog,
      get jobs() {
        return scheduler;
      },
    };
    await app.register(contextPlugin, ctx);
    await app.register(errorPlugin);
    await app.register(jsonBodyPlugin);
    await app.register(securityHeaders, securityHeaderOptions);
    await app.register(accessPlugin, { sessionPolicy: config.session });
    await app.register(dictVersionPlugin);
    await app.register(rateLimit, { global: false });
    registerOperationLog(app, sysLog);

    await app.register(healthRoutes);
    await app.register(sysLoginRoutes);
    await app.register(sysLogInfoRoutes);
    await app.register(sysCheckRuleRoutes);
    await app.register(sysPermissionRoutes);
    await app.register(sysUserSelfRoutes);
    await app.register(adminIndexRoutes);
    await app.register(sysDepartPickerRoutes);
    await app.register(sysUserPickerRoutes, { store: modelStore });
    await app.register(sysDictRoutes, { store: modelStore });
    await app.register(systemAreaRoutes, { store: modelStore });
    await app.register(sysCategoryRoutes, { store: modelStore });
    await app.register(sysDuplicateRoutes, { store: modelStore });
    await app.register(systemDictionaryRoutes, { store: modelStore });
    await app.register(systemBillRuleRoutes, { store: modelStore });
    await app.register(systemDataInterfaceRoutes, { store: modelStore });
    await app.register(systemPrintDevRoutes, { store: modelStore });
    await app.register(staffAssessorExportRoutes, { store: modelStore });
    await app.register(modelFileRoutes, { store: modelStore });
    await app.register(modelReleaseRoutes, { store: modelStore });
    await app.register(homeFiguresRoutes, { store: modelStore });
    await app.register(onlineReportRoutes, { store: modelStore });
    await app.register(userImportPreviewRoutes, { store: modelStore });
    await app.register(modelRoutes, { store: modelStore });
    await app.register(visualdevRoutes, { store: modelStore });
    await app.register(visualdevModuleRoutes, { store: modelStore });
    await app.register(importReportRoutes);
    await app.register(columnSettingRoutes, { store: modelStore });
    await app.register(announcementRoutes);
    await app.register(noticeSocketRoutes, { bus: notices, heartbeatMs: options.noticeHeartbeatMs });
    await app.register(tableSocketRoutes, { store: modelStore, heartbeatMs: options.noticeHeartbeatMs, bus: notices });
    await app.register(uploadCommonRoutes, { store: modelStore });
    await app.register(uploadChunkRoutes, { store: modelStore });
    await app.register(staticClient, { root: config.clientDir });

    const handle = db;
    const noticeBus = notices;
    const expiryNotices = config.expiryNotice
      ? startExpiryNotices(handle.db, noticeBus.publish, {
          ...config.expiryNotice,
          onError: (error) => app.log.warn({ err: error }, 'certificate expiry notices failed'),
        })
      : null;
    if (config.jobs.enabled) {
      scheduler = startJobScheduler({
        db: handle.db,
        adapter: handle.adapter,
        handlers: jobHandlers,
        pollMs: config.jobs.pollMs,
        onError: (message, error) => app.log.warn({ err: error }, message),
      });
    }
    app.addHook('onClose', async () => {
      securityLogRetention.stop();
      await expiryNotices?.stop();
      await scheduler?.close();
      await sysLog.close();
      await rejections.close();
      await noticeBus.close();
      await modelStore.close();
      await handle.close();
    });
    await app.ready();
    return app;
  } catch (error) {
    await scheduler?.close().catch(() => {});
    await app.close().catch(() => {});
    await store?.close().catch(() => {});
    await notices?.close().catch(() => {});
    await db?.close().catch(() => {});
    throw error;
  }
}
