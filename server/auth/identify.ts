import { sql } from 'kysely';
import type { DbHandle } from '../db/createDb.js';
import { precompile } from '../db/precompiled.js';
import { appError, type AppError } from '../errors.js';
import type { SessionPolicy, SessionUser } from './sessions.js';
import { hashToken } from './tokens.js';

export interface Identity extends SessionUser {
  /** the tenant the request acts in; null when the asked tenant is not the user's (or they have none) */
  tenantId: number | null;
  /** whether the user holds the permission asked for (true when none was asked) */
  granted: boolean;
  /** tenantId is null because the user's (asked) tenants are all disabled or gone */
  tenantDisabled: boolean;
}

interface IdentityRow {
  userId: string;
  lastSeenAt: number;
  expiresAt: number;
  revokedAt: number | null;
  revokeReason: string | null;
  username: string;
  realname: string;
  orgCode: string | null;
  status: number;
  delFlag: number;
  mustChangePassword: number;
  tenantId: number | null;
  linkedTenantId: number | null;
  granted: number | boolean;
}

// last_seen_at is written at most once a minute per session so that reads stay reads.
const TOUCH_EVERY_MS = 60_000;

type Lookup = (sessionId: string, tenant: number | null, permission: string | null) => Promise<IdentityRow[]>;

/**
 * Who is calling, in one query per request: the session and its user, the tenant the request may act
 * in, and whether a permission is held. One round trip instead of three, compiled once (it runs on
 * every request; npm run bench measures its cost).
 */
function createLookup(handle: DbHandle): Lookup {
  const variants = new Map<string, (...args: unknown[]) => Promise<IdentityRow[]>>();
  const build = (withTenant: boolean, withPermission: boolean) =>
    precompile<IdentityRow, unknown[]>(
      handle.db,
      3,
      (sessionId, tenant, permission) => {
        const tenantCondition = withTenant ? sql`and t.tenant_id = ${tenant}` : sql``;
        // only the roles of the tenant the request acts in grant anything: the asked tenant (a tenant
        // the user is no member of leaves tenant_id null and is refused anyway), else the user's first
        const actingTenant = withTenant
          ? sql`${tenant}`
          : sql`(select min(t.tenant_id) from sys_user_tenant t join sys_tenant st on st.id = t.tenant_id
                 where t.user_id = s.user_id and st.status = 1)`;
        const granted = withPermission
          ? sql`case when exists (
            select 1 from sys_user_role ur
            join sys_role r on r.id = ur.role_id
            join sys_role_permission rp on rp.role_id = ur.role_id
            join sys_permission p on p.id = rp.permission_id
            where ur.user_id = s.user_id and r.status = 1 and r.tenant_id = ${actingTenant}
              and p.perms = ${permission} and p.status = '1' and p.del_flag = 0
          ) then 1 else 0 end`
          : sql`1`;
        return sql<IdentityRow>`
        select s.user_id, s.last_seen_at, s.expires_at, s.revoked_at, s.revoke_reason,
               u.username, u.realname, u.org_code, u.status, u.del_flag, u.must_change_password,
               (select min(t.tenant_id) from sys_user_tenant t join sys_tenant st on st.id = t.tenant_id
                 where t.user_id = s.user_id and st.status = 1 ${tenantCondition}) as tenant_id,
               (select min(t.tenant_id) from sys_user_tenant t where t.user_id = s.user_id ${tenantCondition}) as linked_tenant_id,
               ${granted} as granted
        from sys_session s join sys_user u on u.id = s.user_id
        where s.id = ${sessionId}`;
      },
      // outside any transaction and on every request: prepared once per connection
      handle.quickReads,
    );
  return (sessionId, tenant, permission) => {
    const key = `${tenant !== null}:${permission !== null}`;
    let run = variants.get(key);
    if (!run) variants.set(key, (run = build(tenant !== null, permission !== null)));
    return run(sessionId, tenant, permission);
  };
}

export type IdentifyRequest = (token: string, ask: { tenant: number | null; permission: string | null }, now?: number) => Promise<Identity | AppError>;

/**
 * The one function that decides identity (security.md §1): token known, not expired, not idle too
 * long, not revoked, user neither deleted nor frozen. Returns the caller or the reason as an AppError.
 */
export function createIdentify(handle: DbHandle, policy: SessionPolicy): IdentifyRequest {
  const { db } = handle;
  const lookup = createLookup(handle);
  return async (token, ask, now = Date.now()) => {
    const sessionId = hashToken(token);
    const [row] = await lookup(sessionId, ask.tenant, ask.permission);
    if (!row) return appError('CL_ERR_AUTH_TOKEN_INVALID');
    if (row.revokedAt !== null) {
      return row.revokeReason === 'forced' || row.revokeReason === 'replaced' || row.revokeReason === 'disabled'
        ? appError('CL_ERR_AUTH_SIGNED_OUT')
        : appError('CL_ERR_AUTH_TOKEN_INVALID');
    }
    if (row.delFlag !== 0 || row.status !== 1) return appError('CL_ERR_AUTH_SIGNED_OUT');
    if (row.expiresAt <= now || row.lastSeenAt + policy.idleMs <= now) return appError('CL_ERR_AUTH_TOKEN_EXPIRED');
    if (now - row.lastSeenAt > TOUCH_EVERY_MS) {
      await db.updateTable('sysSession').set({ lastSeenAt: now }).where('id', '=', sessionId).execute();
    }
    return {
      sessionId,
      userId: row.userId,
      username: row.username,
      realname: row.realname,
      orgCode: row.orgCode,
      mustChangePassword: row.mustChangePassword === 1,
      tenantId: row.tenantId,
      tenantDisabled: row.tenantId === null && row.linkedTenantId !== null,
      granted: row.granted === 1 || row.granted === true,
    };
  };
}
