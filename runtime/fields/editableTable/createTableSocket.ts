import { createReconnectingSocket, socketUrlOf } from '../../realtime/createReconnectingSocket';

/** spec 000 §9: table heartbeat 10 s, reply timeout 6 s, reconnect 5 s */
export const TABLE_HEARTBEAT_MS = 10_000;
export const TABLE_REPLY_TIMEOUT_MS = 6_000;
export const TABLE_RECONNECT_MS = 5_000;

export interface TableSocketOptions {
  /** ws(s)://host/vxeSocket/{userId}/{pageId} */
  url: string;
  /** sent as the subprotocol: a browser's WebSocket cannot set headers */
  token: string;
  /** this table instance: its own updates coming back are not applied */
  caseId: string;
  /** a row another table changed */
  onUpdate(row: Record<string, unknown>): void;
  WebSocketImpl?: typeof WebSocket;
  heartbeatMs?: number;
  replyTimeoutMs?: number;
  reconnectMs?: number;
}

export interface TableSocket {
  /** tells the other tables of the page that this row changed (dropped while disconnected) */
  send(row: Record<string, unknown>): void;
  close(): void;
}

/**
 * The editable table's live channel (spec 000 §4 "Table live updates"): a heart_beat every 10 s, a new
 * connection when no reply came within 6 s, a retry 5 s after any error or close, and
 * common_send_date / update_vxe_table frames of other tables turned into merged rows.
 */
export function createTableSocket(options: TableSocketOptions): TableSocket {
  const socket = createReconnectingSocket({
    url: options.url,
    token: options.token,
    heartbeat: JSON.stringify({ type: 'heart_beat' }),
    heartbeatMs: options.heartbeatMs ?? TABLE_HEARTBEAT_MS,
    replyTimeoutMs: options.replyTimeoutMs ?? TABLE_REPLY_TIMEOUT_MS,
    reconnectMs: options.reconnectMs ?? TABLE_RECONNECT_MS,
    WebSocketImpl: options.WebSocketImpl,
    onText(text) {
      let frame: { type?: unknown; data?: { type?: unknown; caseId?: unknown; row?: unknown } };
      try {
        frame = JSON.parse(text) as typeof frame;
      } catch {
        return false;
      }
      if (frame.type === 'heart_beat') return true;
      const data = frame.data;
      if (frame.type !== 'common_send_date' || data?.type !== 'update_vxe_table' || data.caseId === options.caseId) return false;
      if (typeof data.row === 'object' && data.row !== null) options.onUpdate(data.row as Record<string, unknown>);
      return false;
    },
  });
  return {
    send(row) {
      socket.send(JSON.stringify({ type: 'common_send_date', data: { type: 'update_vxe_table', caseId: options.caseId, row } }));
    },
    close: () => socket.close(),
  };
}

/** The socket address of the page's own server (the token travels as the subprotocol, never in the URL). */
export function tableSocketUrl(location: Pick<Location, 'protocol' | 'host'>, userId: string, pageId: string): string {
  return socketUrlOf(location, `/vxeSocket/${encodeURIComponent(userId)}/${encodeURIComponent(pageId)}`);
}
