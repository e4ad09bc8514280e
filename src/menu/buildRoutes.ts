import { DEFAULT_HOME_PATH, NOT_FOUND_PATH, USER_ANNOUNCEMENT_PATH } from '../app/constants';
import type { MenuNode } from '../session/types';
import { menuNodeKind } from './menuNodeKind';

/** A route of the app area, as data: the view (MenuRoutes) turns it into an element. */
export type RouteSpec =
  | { kind: 'home'; path: string }
  | { kind: 'announcements'; path: string }
  | { kind: 'model'; path: string; modelId: string; title: string }
  | { kind: 'unavailable'; path: string; component: string; title: string }
  | { kind: 'redirect'; path: string; to: string };

/**
 * The routes inside the layout: the fixed home page (spec 000 §2: '/' redirects to /dashboard/analysis; the
 * fixed route wins over "the root route redirects to the first menu item"), then the runtime routes of the
 * flattened menu subtree — model screens, containers that redirect to their first child, a clear "page not
 * available" for components we do not have — and everything else to /404. External links and route '0'
 * nodes get no route. A menu item at the home path does not replace the home page.
 */
export function buildRoutes(nodes: readonly MenuNode[]): RouteSpec[] {
  const routes: RouteSpec[] = [
    { kind: 'home', path: DEFAULT_HOME_PATH },
    { kind: 'announcements', path: USER_ANNOUNCEMENT_PATH },
  ];
  collect(nodes, routes);
  routes.push({ kind: 'redirect', path: '/', to: DEFAULT_HOME_PATH });
  routes.push({ kind: 'redirect', path: '*', to: NOT_FOUND_PATH });
  return routes;
}

function collect(nodes: readonly MenuNode[], into: RouteSpec[]): void {
  for (const node of nodes) {
    const kind = menuNodeKind(node);
    if (kind.kind === 'external') continue;
    const routed = node.route !== '0' && node.path !== '' && !into.some((r) => r.path === node.path);
    if (routed && kind.kind === 'container') {
      const to = node.redirect || firstRoutablePath(node.children ?? []);
      if (to) into.push({ kind: 'redirect', path: node.path, to });
    } else if (routed && kind.kind === 'model') {
      into.push({ kind: 'model', path: node.path, modelId: kind.modelId, title: node.meta.title });
    } else if (routed && kind.kind === 'unknown') {
      into.push({ kind: 'unavailable', path: node.path, component: kind.component, title: node.meta.title });
    }
    collect(node.children ?? [], into);
  }
}

function firstRoutablePath(nodes: readonly MenuNode[]): string | null {
  for (const node of nodes) {
    const kind = menuNodeKind(node).kind;
    if (kind === 'external' || node.route === '0') continue;
    if (kind !== 'container') return node.path;
    const inner = node.redirect || firstRoutablePath(node.children ?? []);
    if (inner) return inner;
  }
  return null;
}
