import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { appError, AppError } from '../errors.js';
import { familyOf } from '../../runtime/model/familyOf.js';
import { toErrorReply } from '../envelopes/toErrorReply.js';
import { isApiPath } from './accessPlugin.js';

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'SQLITE_BUSY',
]);

function isDatabaseDown(error: unknown): boolean {
  const e = error as { code?: string; message?: string; databaseUnavailable?: boolean };
  if (e?.databaseUnavailable) return true;
  if (e?.code && DB_DOWN_CODES.has(e.code)) return true;
  const message = e?.message ?? '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(message);
}

const PATH_NOT_FOUND_CODES = new Set(['ENAMETOOLONG', 'ENOTDIR']);

/** Turns any thrown thing into the family's envelope: never a stack, SQL text, driver message or path. */
export function toAppError(error: unknown): { error: AppError; status?: number; unexpected: boolean } {
  if (error instanceof AppError) return { error, unexpected: false };
  const fastifyError = error as FastifyError;
  if (fastifyError?.validation) {
    const detail = fastifyError.validation
      .map((v) => `${fastifyError.validationContext ?? ''}${v.instancePath} ${v.message ?? ''}`.trim())
      .join('; ')
      .slice(0, 300);
    return { error: appError('CL_ERR_BAD_REQUEST', { detail }), unexpected: false };
  }
  if (isDatabaseDown(error)) return { error: appError('CL_ERR_DB_UNAVAILABLE'), unexpected: true };
  // a path too long or through a file is a file that does not exist (the static client)
  if (fastifyError?.code && PATH_NOT_FOUND_CODES.has(fastifyError.code)) return { error: appError('CL_ERR_NOT_FOUND'), status: 404, unexpected: false };
  const status = fastifyError?.statusCode ?? (error as { status?: number })?.status;
  // Fastify's own client errors, and http-errors marked safe to show (send: bad range, malformed path)
  const clientError = fastifyError?.code?.startsWith('FST_') || (error as { expose?: boolean })?.expose === true;
  if (typeof status === 'number' && status >= 400 && status < 500 && clientError) {
    return { error: appError('CL_ERR_BAD_REQUEST', { detail: fastifyError.message.slice(0, 200) }), status, unexpected: false };
  }
  return { error: appError('CL_ERR_INTERNAL'), unexpected: true };
}

async function errorPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { error: appErr, status, unexpected } = toAppError(error);
    if (unexpected) request.log.error({ err: error, requestId: request.id }, 'request failed');
    // a refusal made from another error (a workbook that cannot be read) keeps that error for the log
    else if (appErr.cause !== undefined) request.log.warn({ err: appErr.cause, code: appErr.code, requestId: request.id }, 'request refused');
    const { status: familyStatus, body } = toErrorReply(appErr, familyOf(request.url), request.lang ?? 'zh-CN', request.id);
    return reply.status(status ?? familyStatus).send(body);
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toErrorReply(appError('CL_ERR_NOT_FOUND'), familyOf(request.url), request.lang ?? 'zh-CN', request.id);
    return reply.status(status).send(body);
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers carry personal data and tokens (the sign-in answer): never stored by a browser or
    // proxy. The built client's files keep the caching staticClient gives them. A route that chose its
    // own policy keeps it: the served model (no personal data) is `private, no-cache` with an ETag, so a
    // client revalidates instead of downloading it again.
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

export default fp(errorPlugin, { name: 'cloudlab-errors' });
