import FindMyWay from 'find-my-way';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DispatchedRoute, RouteAccessEntry } from '../../plugins/accessPlugin.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One endpoint a model serves: what the access hook checks and what then answers. */
export interface ModelRoute extends DispatchedRoute {
  method: HttpMethod;
  /** find-my-way form: /api/x/:id */
  url: string;
  modelId: string;
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** the operation reads a multipart upload (import); every other one refuses multipart bodies */
  takesFiles?: boolean;
}

export interface RouteMatch {
  route: ModelRoute;
  params: Record<string, string>;
}

/** The endpoints of one model snapshot, matched by method and path. Immutable once built. */
export interface RouteTable {
  find(method: string, url: string): RouteMatch | null;
  /** every endpoint, for the route audit (listRoutes) */
  list(): RouteAccessEntry[];
}

/**
 * Built from scratch for every snapshot (a release rebuilds it; a few hundred inserts take well under
 * a millisecond), so a request matched against one table keeps that table's handlers to the end.
 * find-my-way gives the same answers as Fastify's own router: static segments win over `:id`, so
 * `GET /x/Selector` is never read as `GET /x/{id}`; trailing slashes are ignored as the app does.
 */
export function createRouteTable(routes: readonly ModelRoute[]): RouteTable {
  const router = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: 200 });
  for (const route of routes) {
    // the handler slot is unused: the matched route travels in the store slot
    router.on(route.method, route.url, () => {}, route);
    // Fastify answers HEAD for every GET route; so does the dispatcher
    if (route.method === 'GET') router.on('HEAD', route.url, () => {}, route);
  }
  const entries: RouteAccessEntry[] = routes.flatMap((r) =>
    (r.method === 'GET' ? ['GET', 'HEAD'] : [r.method]).map((method) => ({ method, url: r.url, access: r.access, duringPasswordChange: false })),
  );
  return {
    find(method, url) {
      const found = router.find(method as FindMyWay.HTTPMethod, url);
      if (!found) return null;
      return { route: found.store as ModelRoute, params: { ...(found.params as Record<string, string>) } };
    },
    list: () => entries.map((e) => ({ ...e })),
  };
}
