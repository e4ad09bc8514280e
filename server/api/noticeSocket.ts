import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { createIdentify } from '../auth/identify.js';
import { userTenantIds } from '../auth/userTenantIds.js';
import { appError } from '../errors.js';
import type { NoticeBus } from '../notices/noticeBus.js';
import { authOf, tokenOf } from '../plugins/accessPlugin.js';
import { holdMessages } from '../realtime/holdMessages.js';
import { keepSessionSocket, SOCKET_REFUSED } from '../realtime/keepSessionSocket.js';

export interface NoticeSocketOptions {
  bus: NoticeBus;
  /** how often the server pings, checks the session again and drops a peer that did not answer (spec: 20 s) */
  heartbeatMs?: number;
}

/** Text heartbeats the Jeecg clients send; each is answered to its own sender only. */
const HEARTBEATS = new Set(['HeartBeat', 'heartcheck', 'ping']);
const HEARTBEAT_REPLY = JSON.stringify({ cmd: 'heartcheck', msgTxt: '心跳响应' });
/** sent before the server closes the socket of a user forced offline: the page signs out at once */
export const SIGNED_OUT_FRAME = JSON.stringify({ cmd: 'signout' });

/** A cross-site page may not open a socket with the user's token: the Origin, when sent, is this host. */
export function assertSameOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let host: string | null = null;
  try {
    host = new URL(origin).host;
  } catch {
    host = null;
  }
  if (host === null || host !== request.headers.host) throw appError('CL_ERR_NO_PERMISSION');
}

/**
 * WebSocket /websocket/{userId}: the header bell's live notices (spec 000 §4, §7; security.md §22).
 * The handshake is authenticated by the access hook like any route, with the token sent as the
 * subprotocol; the path's user must be the token's, else the socket is closed without a reason. The
 * server pings every 20 s, checks the session again each time (a signed-out or frozen user's socket
 * closes within one beat) and drops a peer that stopped answering. Client frames are never relayed:
 * text heartbeats get a reply to their sender, anything else is ignored.
 */
async function noticeSocketRoutes(app: FastifyInstance, options: NoticeSocketOptions): Promise<void> {
  const { bus } = options;
  const heartbeatMs = options.heartbeatMs ?? 20_000;
  const { db } = app.ctx.db;
  const identify = createIdentify(app.ctx.db, app.ctx.config.session);
  await app.register(websocket, { options: { maxPayload: 4096 } });
  // Every upgrade request is routed like a request; one refused before the websocket plugin saw it
  // (the access hook's 401, an unknown path) has no HTTP parser left on its connection, so nobody would
  // ever close it: close it once the refusal is written.
  app.addHook('onResponse', async (request) => {
    if (request.raw.headers.upgrade !== undefined && request.ws !== true) request.raw.socket.destroy();
  });

  app.get<{ Params: { userId: string } }>(
    '/websocket/:userId',
    {
      websocket: true,
      schema: { params: { type: 'object', required: ['userId'], properties: { userId: { type: 'string', minLength: 1, maxLength: 36 } } } },
      config: { access: 'authenticated' },
      preValidation: async (request) => assertSameOrigin(request),
    },
    async (socket: WebSocket, request) => {
      const messages = holdMessages(socket);
      const auth = authOf(request);
      if (request.params.userId !== auth.userId) return socket.close(SOCKET_REFUSED);
      const token = tokenOf(request)!;
      const tenantIds = await userTenantIds(db, auth.userId);
      // closed while its tenants were read: nothing to register
      if (socket.readyState !== socket.OPEN) return;
      const remove = bus.hub.add({
        userId: auth.userId,
        sessionId: auth.sessionId,
        tenantIds,
        send: (text) => socket.send(text),
        signOut: () => {
          socket.send(SIGNED_OUT_FRAME);
          socket.close(SOCKET_REFUSED);
        },
      });
      const peer = keepSessionSocket(socket, { heartbeatMs, identify, token, log: request.log, name: 'notice socket', onClose: remove });
      messages.listen((data, isBinary) => {
        peer.heard();
        if (!isBinary && HEARTBEATS.has(data.toString())) socket.send(HEARTBEAT_REPLY);
      });
    },
  );
}

// not encapsulated: the upgrade guard above must see upgrade requests to every path
export default fp(noticeSocketRoutes, { name: 'cloudlab-notice-socket', dependencies: ['cloudlab-access'] });
