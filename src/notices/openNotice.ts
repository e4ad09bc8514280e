import type { NoticeItem } from './noticeApi';

export type NoticeOpening = { kind: 'page'; to: string } | { kind: 'detail' };

/**
 * Spec 000 §2: an item whose openType is 'component' opens the page named by openPage with busId as
 * its id; any other item opens the detail dialog.
 */
export function noticeOpening(item: Pick<NoticeItem, 'openType' | 'openPage' | 'busId'>): NoticeOpening {
  if (item.openType === 'component' && item.openPage && item.openPage.startsWith('/')) {
    const query = item.busId ? `?id=${encodeURIComponent(item.busId)}` : '';
    return { kind: 'page', to: `${item.openPage}${query}` };
  }
  return { kind: 'detail' };
}

/** Where 'go and handle' leads (openType url): an address of this app, or an http(s) address in a new tab. */
export function handleTarget(openPage: string | null): { kind: 'route' | 'external'; to: string } | null {
  if (!openPage) return null;
  if (/^https?:\/\//i.test(openPage)) return { kind: 'external', to: openPage };
  if (openPage.startsWith('/')) return { kind: 'route', to: openPage };
  return null;
}
