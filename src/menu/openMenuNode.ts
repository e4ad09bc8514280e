import type { MenuNode } from '../session/types';
import { menuNodeKind, resolveMenuUrl } from './menuNodeKind';

/** Spec 000 §2: external and iframe items open in a new window or tab (${token} replaced); others navigate. */
export function openMenuNode(node: MenuNode, token: string | null, navigate: (path: string) => void): void {
  const kind = menuNodeKind(node);
  if (kind.kind === 'external') window.open(resolveMenuUrl(kind.url, token), '_blank', 'noopener,noreferrer');
  else navigate(node.path);
}
