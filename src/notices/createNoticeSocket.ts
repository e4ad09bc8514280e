import { createReconnectingSocket, socketUrlOf } from '../../runtime/realtime/createReconnectingSocket';

/** Spec 000 §9: notice heartbeat 20 s, reconnect 5 s. */
export const NOTICE_HEARTBEAT_MS = 20_000;
export const NOTICE_RECONNECT_MS = 5_000;

export interface NoticeSocketOptions {
  /** ws(s)://host/websocket/{userId} */
  url: string;
  /** sent as the subprotocol: a browser's WebSocket cannot set headers */
  token: string;
  /** a frame with cmd 'topic' (everyone) or 'user' (addressed): the lists are stale; 'signout': so is the session */
  onNotice(): void;
  /**
   * a 'signout' frame (forced offline): the session is revoked. Without it, 'signout' is one more
   * reload; the bell's reloads are silent, so the page would never hear the 401 and stay signed in.
   */
  onSignOut?(): void;
  /** the browser's WebSocket; tests pass a fake */
  WebSocketImpl?: typeof WebSocket;
  heartbeatMs?: number;
  reconnectMs?: number;
}

/**
 * The header bell's live channel (spec 000 §4 "a live socket pushes updates and reconnects after 5 s"):
 * a text heartbeat every 20 s, a new connection 5 s after any close or error, and cmd 'topic' / 'user'
 * frames turned into one reload. Returns the function that closes it for good.
 */
export function createNoticeSocket(options: NoticeSocketOptions): () => void {
  const socket = createReconnectingSocket({
    url: options.url,
    token: options.token,
    heartbeat: 'HeartBeat',
    heartbeatMs: options.heartbeatMs ?? NOTICE_HEARTBEAT_MS,
    reconnectMs: options.reconnectMs ?? NOTICE_RECONNECT_MS,
    WebSocketImpl: options.WebSocketImpl,
    onText(text) {
      try {
        const frame = JSON.parse(text) as { cmd?: unknown };
        if (frame.cmd === 'signout') (options.onSignOut ?? options.onNotice)();
        else if (frame.cmd === 'topic' || frame.cmd === 'user') options.onNotice();
      } catch {
        // not a notice frame (a plain-text heartbeat answer): nothing to do
      }
    },
  });
  return () => socket.close();
}

/** The socket address of the page's own server (the token travels as the subprotocol, never in the URL). */
export function noticeSocketUrl(location: Pick<Location, 'protocol' | 'host'>, userId: string): string {
  return socketUrlOf(location, `/websocket/${encodeURIComponent(userId)}`);
}
