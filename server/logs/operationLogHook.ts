import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModelFile } from '../../runtime/model/types.js';
import { BUTTON_NAMES, successMessage } from '../i18n/messages.js';
import { LOG_TYPE, OPERATE_TYPE, type SysLog } from './sysLog.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: not an operation of the operation log (POST /sys/logout: the sign-in log records it, as type 1) */
    operationLog?: boolean;
  }
}

const EXPORT_URL = /(exportXls|Actions\/Export|ExportExcel)$/;
const IMPORT_URL = /(importExcel|Actions\/Import|ImportData)$/;

/** Jeecg's operate_type of a request: import and export by their routes, else by the HTTP method. */
function operateTypeOf(method: string, url: string): number {
  if (EXPORT_URL.test(url)) return OPERATE_TYPE.export;
  if (IMPORT_URL.test(url)) return OPERATE_TYPE.import;
  if (method === 'POST') return OPERATE_TYPE.add;
  if (method === 'DELETE') return OPERATE_TYPE.delete;
  return method === 'GET' ? OPERATE_TYPE.query : OPERATE_TYPE.edit;
}

/** The permission code the route asked for, when it asks for one. */
function permissionOf(request: FastifyRequest): string | undefined {
  const access = (request.dispatched?.route.access ?? request.routeOptions.config.access) as { permission?: string } | string | undefined;
  return typeof access === 'object' ? access.permission : undefined;
}

/**
 * What an action is called: a button's name (新增), else the label of the list action that runs an operation
 * needing it (用户管理's 重置密码), else its code.
 */
function actionName(model: ModelFile, action: string): string {
  const button = BUTTON_NAMES[action as keyof typeof BUTTON_NAMES];
  if (button) return button['zh-CN'];
  const operations = (model as { operations?: Record<string, { permission?: string }> }).operations ?? {};
  const listed = (model.list?.actions ?? []).find(
    (entry) => typeof entry === 'object' && entry.operation !== undefined && operations[entry.operation]?.permission === action,
  );
  return typeof listed === 'object' ? listed.label : action;
}

/**
 * The stored text: "<model title>-<action>" for a model endpoint (as Jeecg's 定时任务-添加), else the route. It is
 * stored in zh-CN (operationLogged) and read in the reader's language (system.log's logContent is a serverMessage).
 */
function contentOf(app: FastifyInstance, request: FastifyRequest, url: string, permission: string | undefined): string {
  const route = request.dispatched?.route as { modelId?: string } | undefined;
  const model = route?.modelId ? app.ctx.modules.models.get(route.modelId) : undefined;
  if (!model || !permission) return `${request.method} ${url}`;
  const action = permission.slice(permission.lastIndexOf(':') + 1);
  return successMessage('operationLogged', 'zh-CN', { module: model.title, operation: actionName(model, action) });
}

/**
 * The operation log: every signed-in request that changes something (any method but GET), and every
 * export, becomes a sys_log row of type 2 with who, from where, which route (its pattern, never the
 * query or the body: those may hold passwords or personal data), the permission code it needed and how long it took.
 */
export function registerOperationLog(app: FastifyInstance, log: SysLog): void {
  app.addHook('onResponse', async (request, reply) => {
    const auth = request.auth;
    if (!auth || request.method === 'HEAD' || request.method === 'OPTIONS' || request.routeOptions.config.operationLog === false) return;
    const url = request.dispatched?.route.url ?? request.routeOptions.url ?? request.url.split('?')[0] ?? '';
    const operateType = operateTypeOf(request.method, url);
    if (request.method === 'GET' && operateType !== OPERATE_TYPE.export) return;
    const permission = permissionOf(request);
    log.record({
      tenantId: auth.tenantId,
      logType: LOG_TYPE.operation,
      logContent: contentOf(app, request, url, permission),
      operateType,
      userid: auth.userId,
      username: auth.username,
      ip: request.ip,
      method: permission ?? null,
      requestUrl: url,
      requestType: request.method,
      costTime: reply.elapsedTime,
    });
  });
}
