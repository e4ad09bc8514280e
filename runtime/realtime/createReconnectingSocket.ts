export interface ReconnectingSocketOptions {
  /** ws(s)://host/… */
  url: string;
  /** sent as the subprotocol: a browser's WebSocket cannot set headers */
  token: string;
  /** the heartbeat frame, sent every heartbeatMs while open */
  heartbeat: string;
  heartbeatMs: number;
  /** the wait after any close or error before a new connection */
  reconnectMs: number;
  /** when set, a heartbeat unanswered this long closes the connection (and so opens a new one) */
  replyTimeoutMs?: number;
  /** each text frame; answer true when it is the heartbeat's reply */
  onText(text: string): boolean | void;
  /** the browser's WebSocket; tests pass a fake */
  WebSocketImpl?: typeof WebSocket;
}

export interface ReconnectingSocket {
  /** sends on the open connection; answers false (and drops the text) while there is none */
  send(text: string): boolean;
  /** closes for good */
  close(): void;
}

/**
 * A WebSocket that stays connected (spec 000 §4/§9, the notice bell's and the live table's channels): a
 * heartbeat on a timer, a new connection `reconnectMs` after any close or error (also when it could not
 * even be created), and optionally a connection dropped when its heartbeat goes unanswered — a dead link
 * the browser still thinks open.
 */
export function createReconnectingSocket(options: ReconnectingSocketOptions): ReconnectingSocket {
  const Impl = options.WebSocketImpl ?? WebSocket;
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
    retry = setTimeout(open, options.reconnectMs);
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
        current.send(options.heartbeat);
        // no answer in time: this connection is dead, whatever the browser thinks
        if (options.replyTimeoutMs !== undefined) awaitingReply ??= setTimeout(() => current.close(), options.replyTimeoutMs);
      }, options.heartbeatMs);
    };
    current.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string' || !options.onText(event.data)) return;
      if (awaitingReply !== null) clearTimeout(awaitingReply);
      awaitingReply = null;
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
    send(text) {
      if (!socket || socket.readyState !== socket.OPEN) return false;
      socket.send(text);
      return true;
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

/** The socket address of a path on the page's own server (the token travels as the subprotocol, never in the URL). */
export function socketUrlOf(location: Pick<Location, 'protocol' | 'host'>, path: string): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}`;
}
