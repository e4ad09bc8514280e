import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Lang } from '../../runtime/model/types.js';
import { createIdentify, type IdentifyRequest } from '../auth/identify.js';
import { logSecurityEvent } from '../auth/securityLog.js';
import type { SessionUser } from '../auth/sessions.js';
import { socketTokenOf } from '../auth/socketToken.js';
import type { IdentityGeneration } from '../db/identityGeneration.js';
import { looksLikeToken } from '../auth/tokens.js';
import { appError, AppError } from '../errors.js';
import { requestLang } from '../i18n/requestLang.js';

/**
 * Every route says who may call it (security.md §6, deny by default):
 * - 'public': anyone (sign-in, health, the built client)
 * - 'authenticated': any signed-in user (their own profile, pickers shared by many screens)
 * - { permission }: a signed-in user holding that button permission code
 * A route registered without `config.access` makes buildApp throw.
 */
export type RouteAccess = 'public' | 'authenticated' | { permission: string; self?: boolean };

/**
 * What a route's config may say: a RouteAccess, or 'model' for a route that serves many endpoints
 * (the model store's family wildcards, /api/* …). Such a route carries a Dispatcher; the access hook
 * matches the request against it first and then checks the matched endpoint's own access, so the
 * permission is still decided per operation.
 */
export type RouteAccessConfig = RouteAccess | 'model';

/** One endpoint behind a dispatching route. */
export interface DispatchedRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

export interface DispatchMatch {
  route: DispatchedRoute;
  params: Record<string, string>;
}

export interface Dispatcher {
  /** the endpoint answering this method and URL now, or null */
  match(method: string, url: string): DispatchMatch | null;
  /** every endpoint it serves now (the route audit sees them like registered routes) */
  routes(): RouteAccessEntry[];
}

export interface AuthContext extends SessionUser {
  /** the tenant this request acts in: the tenant_id header if the user belongs to it, else their first */
  tenantId: number;
  /** the identity generation read with the session (db/identityGeneration.ts); absent outside a request */
  identityGeneration?: IdentityGeneration;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccessConfig;
    /** with access 'model': resolves the endpoint */
    dispatcher?: Dispatcher;
    /** reachable while the user still has to replace a generated first password */
    duringPasswordChange?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    lang: Lang;
    /** the endpoint a dispatching route matched (set by the access hook), else null */
    dispatched: DispatchMatch | null;
    /**
     * Set when the caller lacks the route's permission but the route is { permission, self: true }: it
     * may act on the caller's own record only, which the handler checks (security.md §5).
     */
    selfOnly?: boolean;
  }
  interface FastifyInstance {
    /** routes registered in this context without config.access get this one (only used for the static client) */
    defaultRouteAccess: RouteAccess | null;
    /** every route registered so far with its access declaration (see listRoutes) */
    routeAccessTable: RouteAccessEntry[];
    /** the dispatchers of routes registered with access 'model' (see listRoutes) */
    routeDispatchers: Set<Dispatcher>;
  }
}

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
  duringPasswordChange: boolean;
}

/**
 * Every registered route and what it declares, the endpoints behind dispatching routes included (as
 * they are now): the deny-by-default test walks this list.
 */
export function listRoutes(app: FastifyInstance): RouteAccessEntry[] {
  return [...app.routeAccessTable, ...[...app.routeDispatchers].flatMap((d) => d.routes())];
}

export interface AccessPluginOptions {
  sessionPolicy: { lifetimeMs: number; idleMs: number };
}

/** The token of a request: X-Access-Token, a bearer Authorization header, or a WebSocket's subprotocol. Never a query parameter. */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers['x-access-token'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value) return value;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim();
  return socketTokenOf(request.headers);
}

const API_PREFIXES = ['/sys', '/system', '/admin', '/online', '/app', '/api', '/websocket', '/vxeSocket'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`));
}

function tenantHeaderOf(request: FastifyRequest): number | 'invalid' | null {
  const raw = request.headers['tenant_id'] ?? request.headers['tenant-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '' || value === '0' || value === 'null' || value === 'undefined') return null;
  return /^\d{1,9}$/.test(value) ? Number(value) : 'invalid';
}

async function accessPlugin(app: FastifyInstance, options: AccessPluginOptions): Promise<void> {
  app.decorateRequest('auth', null);
  app.decorateRequest('lang', 'zh-CN');
  app.decorateRequest('dispatched', null);
  app.decorate('defaultRouteAccess', null);
  const routeAccessTable: RouteAccessEntry[] = [];
  app.decorate('routeAccessTable', routeAccessTable);
  app.decorate('routeDispatchers', new Set<Dispatcher>());

  app.addHook('onRoute', function assertAccessDeclared(this: FastifyInstance, route: RouteOptions) {
    const config = (route.config ??= {}) as { access?: RouteAccessConfig; dispatcher?: Dispatcher; duringPasswordChange?: boolean };
    if (config.access === undefined && this.defaultRouteAccess) config.access = this.defaultRouteAccess;
    if (config.access === undefined) {
      throw new Error(`route ${String(route.method)} ${route.url} declares no config.access (public, authenticated or {permission})`);
    }
    if (config.access === 'model') {
      if (!config.dispatcher) throw new Error(`route ${String(route.method)} ${route.url} has access 'model' but no dispatcher`);
      this.routeDispatchers.add(config.dispatcher);
      return;
    }
    for (const method of [route.method].flat()) {
      routeAccessTable.push({ method, url: route.url, access: config.access, duringPasswordChange: config.duringPasswordChange === true });
    }
  });

  // built on first use: the identity query is compiled against the database app.ctx holds by then
  let identify: IdentifyRequest | null = null;

  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.lang = requestLang(request.headers['accept-language']);
    const config = request.routeOptions.config;
    let access: RouteAccess | undefined;
    let routeUrl = request.routeOptions.url ?? '';
    // set when the route itself must not answer: the caller learns "not found" only once signed in
    let notFound = false;
    if (config.access === 'model') {
      const match = config.dispatcher!.match(request.method, request.url);
      request.dispatched = match;
      if (match) {
        access = match.route.access;
        routeUrl = match.route.url;
        request.params = match.params;
      } else {
        notFound = true;
      }
    } else {
      access = config.access;
    }
    if (access === 'public') {
      // a public wildcard (the built client's files) never answers under an API family
      if (!(routeUrl.endsWith('*') && isApiPath(request.url))) return;
      access = undefined;
      notFound = true;
    }
    // Unmatched URLs reach the not-found handler with no access config. Under an API family they are
    // treated like a protected route, so an anonymous caller learns nothing about which paths exist.
    if (access === undefined && !isApiPath(request.url)) return;
    const permission = access !== undefined && access !== 'authenticated' ? access.permission : null;
    const identity = await authenticate(request, permission);
    request.auth = identity.auth;
    if (notFound) throw appError('CL_ERR_NOT_FOUND');
    if (identity.auth.mustChangePassword && !config.duringPasswordChange && access !== undefined) {
      throw appError('CL_ERR_AUTH_PASSWORD_CHANGE_REQUIRED');
    }
    if (!identity.granted && access !== undefined && access !== 'authenticated' && access.self) {
      request.selfOnly = true;
      return;
    }
    if (!identity.granted) {
      void logSecurityEvent(app.ctx.db.db, {
        event: 'permission.denied',
        userId: identity.auth.userId,
        username: identity.auth.username,
        ip: request.ip,
        requestId: request.id,
        detail: `${request.method} ${routeUrl} needs ${permission}`,
      });
      throw appError('CL_ERR_NO_PERMISSION');
    }
  });

  async function authenticate(request: FastifyRequest, permission: string | null): Promise<{ auth: AuthContext; granted: boolean }> {
    const db = app.ctx.db.db;
    const token = tokenOf(request);
    const asked = tenantHeaderOf(request);
    // a malformed tenant_id is a tenant nobody belongs to: refused (403) once the token is known good
    const tenant = asked === 'invalid' ? -1 : asked;
    const verdict =
      token && looksLikeToken(token)
        ? await (identify ??= createIdentify(app.ctx.db, options.sessionPolicy))(token, { tenant, permission })
        : appError('CL_ERR_AUTH_TOKEN_INVALID');
    if (verdict instanceof AppError) {
      // anonymous: aggregated per address and minute, so a flood cannot fill the disk
      app.ctx.rejections.record({
        event: 'auth.rejected',
        ip: request.ip,
        requestId: request.id,
        detail: `${request.method} ${request.url.split('?')[0]!.slice(0, 200)}: ${verdict.code}`,
      });
      throw verdict;
    }
    const { tenantId, granted, tenantDisabled, ...user } = verdict;
    // a disabled tenant keeps no session working: its users learn why, everyone else gets the usual 403
    if (tenantId === null && tenantDisabled) throw appError('CL_ERR_TENANT_DISABLED');
    if (tenantId === null) {
      void logSecurityEvent(db, {
        event: 'tenant.mismatch',
        userId: user.userId,
        username: user.username,
        ip: request.ip,
        requestId: request.id,
        detail: `tenant_id header ${String(request.headers['tenant_id']).slice(0, 20)}`,
      });
      throw appError('CL_ERR_TENANT_FORBIDDEN');
    }
    return { auth: { ...user, tenantId }, granted };
  }
}

/** The signed-in caller of a non-public route (the access hook guarantees one). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw appError('CL_ERR_AUTH_TOKEN_INVALID');
  return request.auth;
}

export default fp(accessPlugin, { name: 'cloudlab-access', dependencies: ['cloudlab-context'] });
