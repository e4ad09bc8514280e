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
  const Impl = options.WebSocketImpl ?? WebSocket;
  const heartbeatMs = options.heartbeatMs ?? TABLE_HEARTBEAT_MS;
  const replyTimeoutMs = options.replyTimeoutMs ?? TABLE_REPLY_TIMEOUT_MS;
  const reconnectMs = options.reconnectMs ?? TABLE_RECONNECT_MS;
  let socket: WebSocket | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let awaitingReply: ReturnType<typeof setTimeout> | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const quiet = () => {
    if (heartbeat !== null) clearInterval(heartbeat);
    if (awaitingReply !== null) clearTimeout(awaitingReply);
    heartbeat = awaitingReply = null;
  };

  function schedule(): void {
    if (stopped || retry !== null) return;
    retry = setTimeout(open, reconnectMs);
  }

  function open(): void {
    retry = null;
    let current: WebSocket;
    try {
      current = new Impl(options.url, [options.token]);
    } catch {
      schedule();
      return;
    }
    socket = current;
    current.onopen = () => {
      quiet();
      heartbeat = setInterval(() => {
        if (current.readyState !== current.OPEN) return;
        current.send(JSON.stringify({ type: 'heart_beat' }));
        // no answer in time: this connection is dead, whatever the browser thinks
        awaitingReply ??= setTimeout(() => current.close(), replyTimeoutMs);
      }, heartbeatMs);
    };
    current.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      let frame: { type?: unknown; data?: { type?: unknown; caseId?: unknown; row?: unknown } };
      try {
        frame = JSON.parse(event.data) as typeof frame;
      } catch {
        return;
      }
      if (frame.type === 'heart_beat') {
        if (awaitingReply !== null) clearTimeout(awaitingReply);
        awaitingReply = null;
        return;
      }
      const data = frame.data;
      if (frame.type !== 'common_send_date' || data?.type !== 'update_vxe_table' || data.caseId === options.caseId) return;
      if (typeof data.row === 'object' && data.row !== null) options.onUpdate(data.row as Record<string, unknown>);
    };
    current.onclose = () => {
      if (socket !== current) return;
      quiet();
      socket = null;
      schedule();
    };
    // an error is followed by a close, which schedules the retry
    current.onerror = () => undefined;
  }

  open();
  return {
    send(row) {
      if (!socket || socket.readyState !== socket.OPEN) return;
      socket.send(JSON.stringify({ type: 'common_send_date', data: { type: 'update_vxe_table', caseId: options.caseId, row } }));
    },
    close() {
      stopped = true;
      if (retry !== null) clearTimeout(retry);
      quiet();
      const current = socket;
      socket = null;
      current?.close();
    },
  };
}

/** The socket address of the page's own server (the token travels as the subprotocol, never in the URL). */
export function tableSocketUrl(location: Pick<Location, 'protocol' | 'host'>, userId: string, pageId: string): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/vxeSocket/${encodeURIComponent(userId)}/${encodeURIComponent(pageId)}`;
}
