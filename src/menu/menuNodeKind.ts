import type { MenuNode } from '../session/types';

const MODEL_PAGE_PREFIX = 'ModelPage/';
/** Jeecg spells containers 'RouteView' (older menus 'layouts/RouteView', 'PageView') */
const CONTAINER_COMPONENTS = ['RouteView', 'layouts/RouteView', 'PageView', 'layouts/PageView'];

export type MenuNodeKind =
  { kind: 'external'; url: string } | { kind: 'container' } | { kind: 'model'; modelId: string } | { kind: 'unknown'; component: string };

/** What a menu node is: a link opened in a new tab, a container, a model screen, or a page we do not have. */
export function menuNodeKind(node: MenuNode): MenuNodeKind {
  const component = node.component ?? '';
  const url = node.meta.url ?? '';
  // spec 000 §2: items flagged external or iframe open in a new window or tab
  if (url !== '' && (node.meta.internalOrExternal === true || /^https?:\/\//i.test(url))) return { kind: 'external', url };
  if (CONTAINER_COMPONENTS.includes(component)) return { kind: 'container' };
  if (component.startsWith(MODEL_PAGE_PREFIX) && component.length > MODEL_PAGE_PREFIX.length) {
    return { kind: 'model', modelId: component.slice(MODEL_PAGE_PREFIX.length) };
  }
  if (component === '' && (node.children?.length ?? 0) > 0) return { kind: 'container' };
  return { kind: 'unknown', component };
}

/** Spec 000 §2: a menu url may contain a token placeholder replaced by the current token. */
export function resolveMenuUrl(url: string, token: string | null): string {
  return url.split('${token}').join(encodeURIComponent(token ?? ''));
}
