import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { logSecurityEvent } from '../auth/securityLog.js';
import { revokeSession, revokeUserSessions, type SessionPolicy } from '../auth/sessions.js';
import type { SignOutNotice } from '../db/noticeChannel.js';
import { appError } from '../errors.js';
import type { HookRegistry, OperationHookContext } from '../engine/hookRegistry.js';
import { keywordOf, pageOf } from './hookInput.js';
import { assertAccountsChangeable } from './tenancyHooks.js';

/** Tells every server to close a user's sockets (the notice bus): called after the revocation committed. */
export type AnnounceSignOut = (message: SignOutNotice) => Promise<void>;

interface SessionRow {
  id: string;
  userId: string;
  username: string;
  realname: string;
  ip: string | null;
  createdAt: number | string;
  lastSeenAt: number | string;
}

/**
 * What the online-users screen calls a session: derived from the session id (itself the token's hash),
 * so the list never hands out the value the sessions table is keyed by.
 */
export function sessionKeyOf(sessionId: string): string {
  return createHash('sha256').update(`online-session:${sessionId}`).digest('hex').slice(0, 32);
}

const SESSION_KEY = /^[0-9a-f]{32}$/;

/**
 * Sessions that still sign requests in: not revoked, not expired, used within the idle timeout (the
 * same rules identify.ts applies), of users the caller may list. The user condition is the model's
 * own tenant and data scope (ctx.scopeSql) in a subquery, where its unqualified columns are sys_user's.
 */
function liveSessionsOf(ctx: OperationHookContext, policy: SessionPolicy, now: number) {
  return sql`s.revoked_at is null and s.expires_at > ${now} and s.last_seen_at > ${now - policy.idleMs}
    and s.user_id in (select id from sys_user where ${ctx.scopeSql})`;
}

/** The live sessions a list shows: of users the caller may list, whose account or name (where the caller sees it) holds the keyword (if any). */
function listedSessionsOf(ctx: OperationHookContext, policy: SessionPolicy) {
  const keyword = keywordOf(ctx.query.keyword);
  const match = keyword ? sql`and s.user_id in (select id from sys_user where ${ctx.search(['username', 'realname'], keyword)})` : sql``;
  return sql`${liveSessionsOf(ctx, policy, Date.now())} ${match}`;
}

/**
 * Online users (spec 000 §6 "forced offline of online users"): 在线用户's screen, system.onlineUser (a view
 * of the users), lists the live sessions of the caller's tenant and data scope and its 强制退出 ends one
 * session by its key; 用户管理's 强制下线 (POST {base}/{id}/Actions/ForceOffline) ends every session of one
 * user. Either revokes ('forced': the next request is refused with "signed out") and, once committed,
 * closes the sockets on every server.
 */
export function registerOnlineUserOperations(hooks: HookRegistry, policy: SessionPolicy, announce: AnnounceSignOut): void {
  // 在线用户: one row per live session (user, IP, sign-in time, last activity), newest activity first;
  // `current` marks the caller's own, which 强制退出 refuses
  hooks.registerOperation(
    'permission.onlineSessions',
    async (ctx) => {
      const { currentPage, pageSize } = pageOf(ctx.query);
      const where = listedSessionsOf(ctx, policy);
      const { rows: counted } = await sql<{ total: number | string }>`select count(*) as total from sys_session s where ${where}`.execute(ctx.db);
      const { rows } = await sql<SessionRow>`
        select s.id as "id", u.id as "userId", u.username as "username", u.realname as "realname", s.ip as "ip",
               s.created_at as "createdAt", s.last_seen_at as "lastSeenAt"
        from sys_session s join sys_user u on u.id = s.user_id
        where ${where}
        order by s.last_seen_at desc, s.id
        limit ${pageSize} offset ${(currentPage - 1) * pageSize}`.execute(ctx.db);
      const time = (ms: number | string) => new Date(Number(ms)).toISOString();
      // the view's fields the caller's roles hide are not answered (fieldAccess.ts), as a list leaves them out
      const hidden = ctx.context.scope.fields?.hidden;
      const shown = (name: 'username' | 'realname', value: string) => (hidden?.has(name) ? null : value);
      return {
        list: rows.map((r) => ({
          id: sessionKeyOf(r.id),
          userId: r.userId,
          username: shown('username', r.username),
          realname: shown('realname', r.realname),
          ip: r.ip,
          loginTime: time(r.createdAt),
          lastActiveTime: time(r.lastSeenAt),
          current: r.id === ctx.context.auth.sessionId,
        })),
        pagination: { currentPage, pageSize, total: Number(counted[0]?.total ?? 0) },
      };
    },
    { query: ['keyword', 'currentPage', 'pageSize'] },
  );

  // 用户管理's 强制下线: every session of the user (one session is 在线用户's 强制退出, below)
  hooks.registerOperation('permission.forceOffline', async (ctx) => {
    // a field is refused, not ignored: a request naming one session must not end them all
    for (const name of Object.keys(ctx.body)) if (name !== 'id') throw appError('CL_ERR_FIELD_UNKNOWN', { field: name.slice(0, 60) });
    // the record was read through the model's tenancy and data scope: another tenant's user is not found
    return endSessions(ctx, announce, String(ctx.record!.id));
  });

  // 在线用户's 强制退出 (system.onlineUser, an operation list): the session whose key is {id}, of a user the
  // caller may list. A key is a hash, so the live sessions in reach are read and hashed: a tenant's, a few hundred.
  hooks.registerOperation('permission.signOutSession', async (ctx) => {
    const key = checkedSessionKey(ctx.params.id);
    const live = await sql<LiveSession>`select s.id as "id", s.user_id as "userId" from sys_session s
      where ${liveSessionsOf(ctx, policy, Date.now())}`.execute(ctx.db);
    const session = sessionNamed(live.rows, key);
    return endSessions(ctx, announce, session.userId, session);
  });
}

interface LiveSession {
  id: string;
  userId: string;
}

/** A key of the sessions list as the client sent it (the route's {id}), or a bad request. */
function checkedSessionKey(key: unknown): string {
  if (typeof key !== 'string' || !SESSION_KEY.test(key)) throw appError('CL_ERR_BAD_REQUEST', { detail: 'session' });
  return key;
}

/** The live session a key names; an ended one, or one out of reach, is not found. */
function sessionNamed(live: LiveSession[], key: string): LiveSession {
  const session = live.find((row) => sessionKeyOf(row.id) === key);
  if (!session) throw appError('CL_ERR_RECORD_NOT_FOUND');
  return session;
}

/**
 * Forced sign-out ('forced': the next request is refused with "signed out") of one session, or of every
 * session of the user, never the caller's own; logged, and once committed their sockets close on every server.
 */
async function endSessions(ctx: OperationHookContext, announce: AnnounceSignOut, userId: string, session?: LiveSession): Promise<{ sessions: number }> {
  const { auth } = ctx.context;
  if (session ? session.id === auth.sessionId : userId === auth.userId) throw appError('CL_ERR_FORCE_OFFLINE_SELF');
  // like any change to an account: not one holding more than the caller, nor one shared with a tenant where the caller may not do this
  await assertAccountsChangeable(ctx.db, { userId: auth.userId, tenantId: ctx.context.tenantId }, [userId], `${ctx.model.permissions.prefix}forceOffline`);
  const ended = session ? (await revokeSession(ctx.db, session.id, 'forced'), 1) : await revokeUserSessions(ctx.db, userId, 'forced');
  await logSecurityEvent(ctx.db, {
    event: 'session.forced',
    userId: auth.userId,
    username: auth.username,
    detail: `user ${userId}, ${ended} session(s)`,
  });
  ctx.afterCommit(() => announce(session ? { cmd: 'signout', userId, sessionId: session.id } : { cmd: 'signout', userId }));
  return { sessions: ended };
}
