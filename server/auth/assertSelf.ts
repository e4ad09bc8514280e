import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { appError } from '../errors.js';
import type { AuthContext } from '../plugins/accessPlugin.js';
import { logSecurityEvent } from './securityLog.js';

/**
 * Self-service calls act on the caller only (security.md §5): a body naming another account is
 * refused with CL_ERR_SELF_ONLY and logged as 'self.mismatch'.
 */
export async function assertSelf(db: Kysely<Database>, request: FastifyRequest, auth: AuthContext, username: string): Promise<void> {
  if (username === auth.username) return;
  await logSecurityEvent(db, {
    event: 'self.mismatch',
    userId: auth.userId,
    username: auth.username,
    ip: request.ip,
    requestId: request.id,
    detail: `${request.method} ${request.routeOptions.url ?? ''} named username ${username.slice(0, 64)}`,
  });
  throw appError('CL_ERR_SELF_ONLY');
}
