import type { FastifyInstance } from 'fastify';
import { assertSelf } from '../auth/assertSelf.js';
import { logSecurityEvent } from '../auth/securityLog.js';
import { createSession } from '../auth/sessions.js';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { appError } from '../errors.js';
import { authOf } from '../plugins/accessPlugin.js';
import { closedObject, SMALL_BODY_LIMIT } from './closedBody.js';

const getTokenBody = closedObject({ account: { type: 'string', minLength: 1, maxLength: 64 } }, ['account']);

/** a menu open sends at most one call in 5 s (spec 000 §9); this bounds a client that does not keep to it */
const GET_TOKEN_PER_MINUTE = 20;

/**
 * POST /admin/index/getToken {account} → {name, token} (spec 000 §7): the token the '/business' submenu's
 * external item carries. It is a session of its own for the caller (new random token, stored hashed, the
 * configured 7-day lifetime and idle timeout), so it ends like any session: a password change, disabling
 * or forced offline revoke it. Only the caller's own account can be named (security.md §5).
 */
export default async function adminIndexRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx.db;
  const { config } = app.ctx;

  app.post<{ Body: { account: string } }>(
    '/admin/index/getToken',
    {
      schema: { body: getTokenBody },
      bodyLimit: SMALL_BODY_LIMIT,
      config: {
        access: 'authenticated',
        rateLimit: { max: GET_TOKEN_PER_MINUTE, timeWindow: 60_000, errorResponseBuilder: () => appError('CL_ERR_AUTH_RATE_LIMITED') },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await assertSelf(db, request, auth, request.body.account);
      const { token } = await createSession(db, auth.userId, config.session, { ip: request.ip, userAgent: request.headers['user-agent'] });
      await logSecurityEvent(db, { event: 'business.token', userId: auth.userId, username: auth.username, ip: request.ip, requestId: request.id });
      return toJeecgEnvelope({ name: auth.username, token });
    },
  );
}
