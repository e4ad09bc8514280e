import type { FastifyInstance } from 'fastify';
import { assertSelf } from '../auth/assertSelf.js';
import { userTenantIds } from '../auth/userTenantIds.js';
import { changeOwnPassword } from '../auth/changePassword.js';
import { logSecurityEvent } from '../auth/securityLog.js';
import { toUserInfo, userDeparts } from '../auth/userInfo.js';
import { appError } from '../errors.js';
import { successMessage } from '../i18n/messages.js';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { authOf } from '../plugins/accessPlugin.js';
import { closedObject, SMALL_BODY_LIMIT } from './closedBody.js';

const noQuery = { type: 'object', properties: { _t: { type: 'string', maxLength: 20 } } } as const;
const username = { type: 'string', minLength: 1, maxLength: 64 } as const;
const password = { type: 'string', minLength: 1, maxLength: 128 } as const;

const selectDepartBody = closedObject({ orgCode: { type: 'string', minLength: 1, maxLength: 64 }, username }, ['orgCode', 'username']);

const updatePasswordBody = closedObject({ username, oldpassword: password, password, confirmpassword: password }, [
  'username',
  'oldpassword',
  'password',
  'confirmpassword',
]);

interface SelectDepartBody {
  orgCode: string;
  username: string;
}

interface UpdatePasswordBody {
  username: string;
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

/** The caller's own account: departments, department switch, password (api-contract.md "Session"; security.md §5). */
export default async function sysUserSelfRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx.db;
  const { config } = app.ctx;

  app.get('/sys/user/getCurrentUserDeparts', { schema: { querystring: noQuery }, config: { access: 'authenticated' } }, async (request) => {
    const auth = authOf(request);
    const departs = await userDeparts(db, auth.userId, auth.tenantId);
    return toJeecgEnvelope({ list: departs.map(({ id, departName, orgCode }) => ({ id, departName, orgCode })), orgCode: auth.orgCode });
  });

  for (const method of ['PUT', 'POST'] as const) {
    app.route<{ Body: SelectDepartBody }>({
      method,
      url: '/sys/selectDepart',
      schema: { body: selectDepartBody },
      bodyLimit: SMALL_BODY_LIMIT,
      config: { access: 'authenticated' },
      handler: async (request) => {
        const auth = authOf(request);
        await assertSelf(db, request, auth, request.body.username);
        const { orgCode } = request.body;
        if (!(await userDeparts(db, auth.userId, auth.tenantId)).some((d) => d.orgCode === orgCode)) throw appError('CL_ERR_DEPART_NOT_MINE');
        await db.updateTable('sysUser').set({ orgCode }).where('id', '=', auth.userId).execute();
        const user = await db.selectFrom('sysUser').selectAll().where('id', '=', auth.userId).executeTakeFirstOrThrow();
        return toJeecgEnvelope({ userInfo: toUserInfo(user, await userTenantIds(db, auth.userId)) });
      },
    });
  }

  app.put<{ Body: UpdatePasswordBody }>(
    '/sys/user/updatePassword',
    {
      schema: { body: updatePasswordBody },
      bodyLimit: SMALL_BODY_LIMIT,
      config: {
        access: 'authenticated',
        duringPasswordChange: true,
        // each attempt costs two scrypt runs and probes the old password: throttle like sign-in
        rateLimit: { max: config.login.perIpPerMinute, timeWindow: 60_000, errorResponseBuilder: () => appError('CL_ERR_AUTH_RATE_LIMITED') },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const body = request.body;
      await assertSelf(db, request, auth, body.username);
      const ended = await changeOwnPassword(db, {
        userId: auth.userId,
        sessionId: auth.sessionId,
        oldPassword: body.oldpassword,
        newPassword: body.password,
        confirmPassword: body.confirmpassword,
        minLength: config.passwordMinLength,
        lockout: { maxFailures: config.login.maxFailures, lockMs: config.login.lockMs },
      });
      await logSecurityEvent(db, {
        event: 'password.changed',
        userId: auth.userId,
        username: auth.username,
        ip: request.ip,
        requestId: request.id,
        detail: `${ended} other session(s) ended`,
      });
      return toJeecgEnvelope(null, successMessage('passwordChanged', request.lang));
    },
  );
}
