import type { IncomingHttpHeaders } from 'node:http';

/**
 * A browser's WebSocket cannot set headers, so the notice socket (Jeecg's client included) sends the
 * token as its subprotocol: `new WebSocket(url, [token])` (security.md §22). Read only on an upgrade
 * request, never from a query string; the server answers with the same protocol (ws picks the first).
 */
export function socketTokenOf(headers: IncomingHttpHeaders): string | null {
  if (headers.upgrade?.toLowerCase() !== 'websocket') return null;
  const protocols = headers['sec-websocket-protocol'];
  const first = protocols?.split(',')[0]?.trim();
  return first ? first : null;
}
