import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { createIdentify } from '../auth/identify.js';
import { AppError } from '../errors.js';

/** policy violation: the only close code a refused socket gets, with no reason text */
export const SOCKET_REFUSED = 1008;

/**
 * The server side of a signed-in socket's life (security.md §22): a ping every `heartbeatMs`, a peer
 * that answered nothing since the last one terminated, and the session checked again at each beat (a
 * signed-out, frozen or expired session's socket closes with 1008). Any frame from the peer counts as
 * an answer; the caller calls `heard()` for it. `onClose` runs once the socket is gone.
 */
export function keepSessionSocket(
  socket: WebSocket,
  options: {
    heartbeatMs: number;
    identify: ReturnType<typeof createIdentify>;
    token: string;
    log: FastifyBaseLogger;
    name: string;
    onClose(): void;
    /**
     * what the socket needs to stay open besides a live session: the tenant it acts in and a permission
     * code held there (a lost membership or permission closes it at the next beat like a signed-out session)
     */
    needs?: { tenant: number; permission: string };
    /** the caller as identified at this beat (their name and current department may have changed) */
    onChecked?(who: { username: string; orgCode: string | null }): void;
  },
): { heard(): void } {
  let alive = true;
  socket.on('pong', () => (alive = true));
  const beat = setInterval(() => {
    if (!alive) return socket.terminate();
    alive = false;
    socket.ping();
    const needs = options.needs;
    options.identify(options.token, needs ?? { tenant: null, permission: null }).then(
      (verdict) => {
        if (verdict instanceof AppError || (needs && (verdict.tenantId !== needs.tenant || !verdict.granted))) return socket.close(SOCKET_REFUSED);
        options.onChecked?.(verdict);
      },
      (error: unknown) => options.log.warn({ err: error }, `${options.name}: session check failed`),
    );
  }, options.heartbeatMs);
  beat.unref();
  socket.on('close', () => {
    clearInterval(beat);
    options.onClose();
  });
  return { heard: () => (alive = true) };
}
