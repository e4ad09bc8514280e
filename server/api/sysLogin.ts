import type { FastifyInstance } from 'fastify';
import { attemptFailed, attemptSucceeded, loginAccount, reserveAttempt } from '../auth/loginAttempts.js';
import { findLoginUser } from '../auth/loginUser.js';
import { burnPasswordCheck, verifyPassword } from '../auth/passwords.js';
import { userTenants } from '../auth/userTenantIds.js';
import { logSecurityEvent } from '../auth/securityLog.js';
import { createSession, revokeSession } from '../auth/sessions.js';
import { multiDepartOf, toUserInfo, userDeparts } from '../auth/userInfo.js';
import { allDictOptionsIn } from '../dict/dictOptions.js';
import { appError } from '../errors.js';
import { successMessage } from '../i18n/messages.js';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { authOf } from '../plugins/accessPlugin.js';
import { closedObject, SMALL_BODY_LIMIT } from './closedBody.js';
import { DEFAULT_TENANT_ID } from '../db/coreIds.js';
import { LOG_TYPE } from '../logs/sysLog.js';

const loginBody = closedObject(
  {
    // a username (at most 64) or a sub-account's mobile@account
    username: { type: 'string', minLength: 1, maxLength: 90 },
    password: { type: 'string', minLength: 1, maxLength: 128 },
    captcha: { type: 'string', maxLength: 32 },
    checkKey: { type: 'string', maxLength: 64 },
    remember_me: { type: 'boolean' },
  },
  ['username', 'password'],
);

/** POST /sys/login and /sys/logout (api-contract.md "Session"; security.md §2–4). */
export default async function sysLoginRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx.db;
  const { config } = app.ctx;

  app.post<{ Body: { username: string; password: string } }>(
    '/sys/login',
    {
      schema: { body: loginBody },
      bodyLimit: SMALL_BODY_LIMIT,
      config: {
        access: 'public',
        rateLimit: {
          max: config.login.perIpPerMinute,
          timeWindow: 60_000,
          errorResponseBuilder: () => appError('CL_ERR_AUTH_RATE_LIMITED'),
        },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      const now = Date.now();
      const audit = { username, ip: request.ip, requestId: request.id };
      const policy = { maxFailures: config.login.maxFailures, lockMs: config.login.lockMs };
      const minutes = Math.ceil(policy.lockMs / 60_000);
      // Every path below counts the attempt and checks one password, whether or not the account exists,
      // so neither the answers nor their timing tell an attacker which names are real.
      // a username, or a sub-account's mobile@account (loginUser.ts)
      const { user, lockKey } = await findLoginUser(db, username);
      const attempt = await reserveAttempt(db, loginAccount(lockKey), policy, now);
      if (attempt.locked) {
        await burnPasswordCheck(password);
        await logSecurityEvent(db, { ...audit, userId: user?.id ?? null, event: 'login.locked', detail: 'attempt while locked' });
        throw appError('CL_ERR_AUTH_LOCKED', { minutes });
      }
      let passwordRight = false;
      if (user) passwordRight = await verifyPassword(password, user);
      else await burnPasswordCheck(password);
      if (!user || !passwordRight) {
        const locks = await attemptFailed(db, attempt, policy, now);
        const detail = `${user ? '' : 'unknown user, '}failure ${attempt.failCount}`;
        await logSecurityEvent(db, { ...audit, userId: user?.id ?? null, event: locks ? 'login.locked' : 'login.failure', detail });
        throw locks ? appError('CL_ERR_AUTH_LOCKED', { minutes }) : appError('CL_ERR_AUTH_BAD_CREDENTIALS');
      }
      await attemptSucceeded(db, attempt);
      if (user.status !== 1) {
        await logSecurityEvent(db, { ...audit, userId: user.id, event: 'login.frozen' });
        throw appError('CL_ERR_AUTH_FROZEN');
      }
      const tenants = await userTenants(db, user.id);
      if (tenants.linked && tenants.enabled.length === 0) {
        await logSecurityEvent(db, { ...audit, userId: user.id, event: 'login.failure', detail: 'every tenant of the user is disabled' });
        throw appError('CL_ERR_TENANT_DISABLED');
      }
      const departs = await userDeparts(db, user.id, tenants.enabled[0] ?? DEFAULT_TENANT_ID);
      let orgCode = user.orgCode;
      if (!departs.some((d) => d.orgCode === orgCode)) orgCode = departs.length === 1 ? departs[0]!.orgCode : null;
      await db.updateTable('sysUser').set({ orgCode }).where('id', '=', user.id).execute();
      const { token } = await createSession(db, user.id, config.session, { ip: request.ip, userAgent: request.headers['user-agent'] });
      await logSecurityEvent(db, { ...audit, userId: user.id, event: 'login.success' });
      app.ctx.sysLog.record({
        tenantId: tenants.enabled[0] ?? DEFAULT_TENANT_ID,
        logType: LOG_TYPE.login,
        logContent: successMessage('loginLogged', 'zh-CN', { username }),
        userid: user.id,
        username,
        ip: request.ip,
        requestUrl: '/sys/login',
        requestType: 'POST',
      });
      return toJeecgEnvelope(
        {
          token,
          userInfo: toUserInfo({ ...user, orgCode }, tenants.enabled),
          departs,
          multi_depart: multiDepartOf(departs),
          sysAllDictItems: allDictOptionsIn(await app.ctx.dicts.all(), request.lang, app.ctx.translate),
        },
        successMessage('signedIn', request.lang),
      );
    },
  );

  // logged as what it is, a sign-out of the sign-in log (type 1), not as an operation of type 添加 (a POST)
  app.post('/sys/logout', { config: { access: 'authenticated', duringPasswordChange: true, operationLog: false } }, async (request) => {
    const auth = authOf(request);
    await revokeSession(db, auth.sessionId, 'logout');
    await logSecurityEvent(db, { event: 'logout', userId: auth.userId, username: auth.username, ip: request.ip, requestId: request.id });
    app.ctx.sysLog.record({
      tenantId: auth.tenantId,
      logType: LOG_TYPE.login,
      logContent: successMessage('logoutLogged', 'zh-CN', { username: auth.username }),
      userid: auth.userId,
      username: auth.username,
      ip: request.ip,
      requestUrl: '/sys/logout',
      requestType: 'POST',
    });
    return toJeecgEnvelope(null, successMessage('signedOut', request.lang));
  });
}
