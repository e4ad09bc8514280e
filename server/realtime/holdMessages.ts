import type { RawData, WebSocket } from 'ws';

/** A client that sends this many frames before its socket is ready has them dropped past the first ones. */
const MAX_HELD = 64;

export type MessageHandler = (data: RawData, isBinary: boolean) => void;

/**
 * Listens to a socket from the handler's first line and keeps its frames until `listen` is called.
 * @fastify/websocket drops a frame that arrives while no 'message' listener is attached, and the socket
 * handlers read the caller's permissions or tenants first: a heartbeat sent at once on open was lost
 * whenever that read took longer than the client's first send (seen on a loaded two-core machine).
 */
export function holdMessages(socket: WebSocket): { listen(handler: MessageHandler): void } {
  const held: [RawData, boolean][] = [];
  let handler: MessageHandler | null = null;
  socket.on('message', (data, isBinary) => {
    if (handler) handler(data, isBinary);
    else if (held.length < MAX_HELD) held.push([data, isBinary]);
  });
  return {
    listen(next) {
      handler = next;
      for (const [data, isBinary] of held.splice(0)) next(data, isBinary);
    },
  };
}
