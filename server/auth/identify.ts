import { sql, type RawBuilder } from 'kysely';
import type { DbHandle } from '../db/createDb.js';
import { identityGenerationTerm, type IdentityGeneration } from '../db/identityGeneration.js';
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
  /** the identity generation the answer holds for (what else the request caches about its caller keys on it) */
  identityGeneration: IdentityGeneration;
}

/** The session of a token and the identity generation, read on every request. */
interface SessionRow {
  userId: string;
  lastSeenAt: number;
  expiresAt: number;
  revokedAt: number | null;
  revokeReason: string | null;
  generation: unknown;
}

/** What a request derives about its caller from the identity tables: cached per user and asked tenant. */
interface Facts {
  username: string;
  realname: string;
  orgCode: string | null;
  status: number;
  delFlag: number;
  mustChangePassword: number;
  tenantId: number | null;
  linkedTenantId: number | null;
  /** the permission codes held through the enabled roles of the tenant acted in (rows enabled, not deleted) */
  codes: ReadonlySet<string>;
}

type UserRow = Omit<Facts, 'codes'>;

// last_seen_at is written at most once a minute per session so that reads stay reads.
const TOUCH_EVERY_MS = 60_000;

export interface IdentifyOptions {
  /** false reads the identity tables on every request (the reference the cache is tested against) */
  cache?: boolean;
  /** users (per asked tenant) whose identity is kept */
  maxEntries?: number;
}

/**
 * The session and the identity generation (db/identityGeneration.ts) in one indexed read per request,
 * compiled once; the user, their tenants and their permission codes are read again only when the
 * generation moved (a trigger increments it in the transaction of any write to the tables they come
 * from, whichever server or script writes), so a cached answer is never staler than a fresh read.
 */
function createReads(handle: DbHandle) {
  const quick = handle.quickReads;
  const session = precompile<SessionRow, [string]>(
    handle.db,
    1,
    (sessionId) => sql<SessionRow>`
      select s.user_id, s.last_seen_at, s.expires_at, s.revoked_at, s.revoke_reason, ${identityGenerationTerm()} as generation
      from sys_session s where s.id = ${sessionId}`,
    quick,
  );
  const enabledTenant = (tenantCondition: RawBuilder<unknown>) =>
    sql`(select min(t.tenant_id) from sys_user_tenant t join sys_tenant st on st.id = t.tenant_id
         where t.user_id = u.id and st.status = 1 ${tenantCondition})`;
  const linkedTenant = (tenantCondition: RawBuilder<unknown>) =>
    sql`(select min(t.tenant_id) from sys_user_tenant t where t.user_id = u.id ${tenantCondition})`;
  const userOf = (tenantCondition: (tenant: unknown) => RawBuilder<unknown>) =>
    precompile<UserRow, [string, number | null]>(
      handle.db,
      2,
      (userId, tenant) => sql<UserRow>`
        select u.username, u.realname, u.org_code, u.status, u.del_flag, u.must_change_password,
               ${enabledTenant(tenantCondition(tenant))} as tenant_id, ${linkedTenant(tenantCondition(tenant))} as linked_tenant_id
        from sys_user u where u.id = ${userId}`,
      quick,
    );
  // a tenant asked for narrows the user's tenants to it (a tenant they are no member of leaves tenant_id null: refused)
  const userInTenant = userOf((tenant) => sql`and t.tenant_id = ${tenant}`);
  const userInFirstTenant = userOf(() => sql``);
  // only the roles of the tenant the request acts in grant anything
  const codes = precompile<{ perms: string }, [string, number]>(
    handle.db,
    2,
    (userId, tenant) => sql<{ perms: string }>`
      select distinct p.perms from sys_user_role ur
      join sys_role r on r.id = ur.role_id
      join sys_role_permission rp on rp.role_id = ur.role_id
      join sys_permission p on p.id = rp.permission_id
      where ur.user_id = ${userId} and r.status = 1 and r.tenant_id = ${tenant}
        and p.perms is not null and p.status = '1' and p.del_flag = 0`,
    quick,
  );
  return {
    session: (sessionId: string) => session(sessionId),
    async facts(userId: string, tenant: number | null): Promise<Facts | null> {
      const [user] = tenant === null ? await userInFirstTenant(userId, null) : await userInTenant(userId, tenant);
      if (!user) return null;
      // the asked tenant, else the user's first enabled one
      const acting = tenant ?? user.tenantId;
      const held = acting === null ? [] : await codes(userId, acting);
      return { ...user, codes: new Set(held.map((r) => r.perms)) };
    },
  };
}

interface CacheEntry {
  generation: IdentityGeneration;
  facts: Promise<Facts | null>;
}

export type IdentifyRequest = (token: string, ask: { tenant: number | null; permission: string | null }, now?: number) => Promise<Identity | AppError>;

/**
 * The one function that decides identity (security.md §1): token known, not expired, not idle too
 * long, not revoked, user neither deleted nor frozen. Returns the caller or the reason as an AppError.
 */
export function createIdentify(handle: DbHandle, policy: SessionPolicy, options: IdentifyOptions = {}): IdentifyRequest {
  const { db } = handle;
  const reads = createReads(handle);
  const useCache = options.cache ?? true;
  const maxEntries = options.maxEntries ?? 10_000;
  const cache = new Map<string, CacheEntry>();

  function factsOf(userId: string, tenant: number | null, generation: IdentityGeneration): Promise<Facts | null> {
    if (!useCache) return reads.facts(userId, tenant);
    const key = `${userId}\u0000${tenant ?? ''}`;
    const cached = cache.get(key);
    if (cached && cached.generation === generation) return cached.facts;
    // read after the generation was: a write committed in between shows, and moved the generation too
    const entry: CacheEntry = { generation, facts: reads.facts(userId, tenant) };
    // a failed read is not kept: the next request reads again
    entry.facts.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    cache.delete(key);
    cache.set(key, entry);
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
    return entry.facts;
  }

  return async (token, ask, now = Date.now()) => {
    const sessionId = hashToken(token);
    const [row] = await reads.session(sessionId);
    if (!row) return appError('CL_ERR_AUTH_TOKEN_INVALID');
    const generation = String(row.generation);
    const facts = await factsOf(row.userId, ask.tenant, generation);
    if (!facts) return appError('CL_ERR_AUTH_TOKEN_INVALID');
    if (row.revokedAt !== null) {
      return row.revokeReason === 'forced' || row.revokeReason === 'replaced' || row.revokeReason === 'disabled'
        ? appError('CL_ERR_AUTH_SIGNED_OUT')
        : appError('CL_ERR_AUTH_TOKEN_INVALID');
    }
    if (facts.delFlag !== 0 || facts.status !== 1) return appError('CL_ERR_AUTH_SIGNED_OUT');
    if (row.expiresAt <= now || row.lastSeenAt + policy.idleMs <= now) return appError('CL_ERR_AUTH_TOKEN_EXPIRED');
    if (now - row.lastSeenAt > TOUCH_EVERY_MS) {
      await db.updateTable('sysSession').set({ lastSeenAt: now }).where('id', '=', sessionId).execute();
    }
    return {
      sessionId,
      userId: row.userId,
      username: facts.username,
      realname: facts.realname,
      orgCode: facts.orgCode,
      mustChangePassword: facts.mustChangePassword === 1,
      tenantId: facts.tenantId,
      tenantDisabled: facts.tenantId === null && facts.linkedTenantId !== null,
      granted: ask.permission === null || facts.codes.has(ask.permission),
      identityGeneration: generation,
    };
  };
}
