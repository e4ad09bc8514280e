import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { createIdentify } from '../auth/identify.js';
import { holdsPermission } from '../auth/holdsPermission.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import type { NoticeBus } from '../notices/noticeBus.js';
import { authOf, tokenOf } from '../plugins/accessPlugin.js';
import { holdMessages } from '../realtime/holdMessages.js';
import { keepSessionSocket, SOCKET_REFUSED } from '../realtime/keepSessionSocket.js';
import { createTableChannels, tableChannelOf, type TableChannels, type TablePeer } from '../realtime/tableChannels.js';
import { HEART_BEAT_REPLY, parseTableFrame, parseUpdateFrame, updateFrame, type TableUpdate } from '../realtime/tableFrames.js';
import { createTableGate, type TableReceiver } from '../realtime/tableReceivers.js';
import type { AuthContext } from '../plugins/accessPlugin.js';
import { assertSameOrigin } from './noticeSocket.js';

export interface TableSocketOptions {
  store: ModelStore;
  /** how often the server pings, checks the session again and drops a silent peer (default 20 s) */
  heartbeatMs?: number;
  channels?: TableChannels<TableSocketPeer>;
  /** the notice bus: updates reach the page's sockets held by the other servers of the database through it */
  bus?: NoticeBus;
}

/** A socket of a page, and who holds it: what an update may show is decided per receiver (tableReceivers.ts). */
type TableSocketPeer = TablePeer & TableReceiver;

/** updates one socket may send per second; more are dropped */
const UPDATES_PER_SECOND = 20;
/** what one notification may carry (PostgreSQL refuses a NOTIFY payload of 8000 bytes or more), with room for the envelope */
const MAX_FANOUT_FRAME = 7000;
/** a page is a model id, optionally narrowed to one record: `labSample.device` or `labSample.device:<id>` */
const PAGE_ID = '^[a-z][A-Za-z0-9]*(\\.[a-z][A-Za-z0-9]*)+(:[A-Za-z0-9_-]{1,64})?$';

/**
 * WebSocket /vxeSocket/{userId}/{pageId}: live row updates between the editable tables open on one page
 * (spec 000 §4, §7). The handshake is authenticated like /websocket (token as the subprotocol, same
 * origin, the path's user is the token's); the page names a model, and the caller must hold its list
 * permission to join and its edit permission for an update to be passed on. Updates reach the other
 * sockets of the same tenant and page only, rebuilt from their allowed shape, and each of them only as
 * far as its holder's data scope and field access on the model let them see the row (tableReceivers.ts);
 * the updates of one page are passed on in the order they came. Heartbeats are answered
 * to their sender; the session is checked again at every server ping. An update also goes out on the
 * notice bus, so the page's sockets held by other servers of the database (PostgreSQL LISTEN/NOTIFY, the
 * channel announcements use) get it too.
 */
async function tableSocketRoutes(app: FastifyInstance, options: TableSocketOptions): Promise<void> {
  const heartbeatMs = options.heartbeatMs ?? 20_000;
  const channels = options.channels ?? createTableChannels<TableSocketPeer>();
  const { db } = app.ctx.db;
  const identify = createIdentify(app.ctx.db, app.ctx.config.session);
  const gate = createTableGate(options.store.env);
  const origin = randomUUID();
  const bus = options.bus;
  // per channel, the delivery in progress: the next update of the page waits for it, so updates keep their order
  const deliveries = new Map<string, Promise<void>>();

  /** Passes an update on to the channel's sockets but `from`, each as its holder may see it. */
  function deliver(tenantId: number, pageId: string, from: TableSocketPeer | null, update: TableUpdate): void {
    const channel = tableChannelOf(tenantId, pageId);
    const [modelId, record] = pageId.split(':') as [string, string | undefined];
    const run = async () => {
      const receivers = channels.others(channel, from);
      const model = options.store.current().entries.get(modelId)?.compiled;
      if (receivers.length === 0 || !model) return;
      const texts = await gate(model, record ?? null, update, receivers);
      receivers.forEach((receiver, i) => {
        const text = texts[i];
        if (text) receiver.send(text);
      });
    };
    const next = (deliveries.get(channel) ?? Promise.resolve())
      .then(run)
      .catch((error: unknown) => app.log.warn({ err: error, pageId }, 'table update not passed on'));
    deliveries.set(channel, next);
    void next.then(() => {
      if (deliveries.get(channel) === next) deliveries.delete(channel);
    });
  }

  if (bus) {
    const stop = bus.onTable((message) => {
      if (message.origin === origin) return;
      const update = parseUpdateFrame(message.frame);
      if (update) deliver(message.tenantId, message.pageId, null, update);
    });
    app.addHook('onClose', async () => stop());
  }

  app.get<{ Params: { userId: string; pageId: string } }>(
    '/vxeSocket/:userId/:pageId',
    {
      websocket: true,
      schema: {
        params: {
          type: 'object',
          required: ['userId', 'pageId'],
          properties: { userId: { type: 'string', minLength: 1, maxLength: 36 }, pageId: { type: 'string', maxLength: 150, pattern: PAGE_ID } },
        },
      },
      config: { access: 'authenticated' },
      preValidation: async (request) => assertSameOrigin(request),
    },
    async (socket: WebSocket, request) => {
      const messages = holdMessages(socket);
      const auth = authOf(request);
      if (request.params.userId !== auth.userId) return socket.close(SOCKET_REFUSED);
      const { pageId } = request.params;
      const model = options.store.current().entries.get(pageId.split(':')[0] as string)?.model;
      const prefix = model?.permissions.prefix;
      if (!prefix || !(await holdsPermission(db, auth, `${prefix}list`))) return socket.close(SOCKET_REFUSED);
      const mayEdit = await holdsPermission(db, auth, `${prefix}edit`);
      // closed while the permissions were read: nothing to join
      if (socket.readyState !== socket.OPEN) return;
      const channel = tableChannelOf(auth.tenantId, pageId);
      // scopes are read under the identity generation of each update, not of the handshake's (tableReceivers.ts)
      const holder: AuthContext = { ...auth };
      delete holder.identityGeneration;
      const peer: TableSocketPeer = {
        auth: holder,
        send: (text) => {
          if (socket.readyState === socket.OPEN) socket.send(text);
        },
      };
      const leave = channels.join(channel, peer);
      const life = keepSessionSocket(socket, {
        heartbeatMs,
        identify,
        token: tokenOf(request)!,
        log: request.log,
        name: 'table socket',
        onClose: leave,
        // a holder who lost the page's list permission (or the tenant) stops receiving its rows at the next beat
        needs: { tenant: auth.tenantId, permission: `${prefix}list` },
        // rules reading the holder's name or department see the current ones
        onChecked: (who) => (peer.auth = { ...peer.auth, username: who.username, orgCode: who.orgCode }),
      });
      let budget = { second: 0, sent: 0 };
      messages.listen((data, isBinary) => {
        life.heard();
        if (isBinary) return;
        const frame = parseTableFrame(data.toString());
        if (frame?.type === 'heart_beat') return socket.send(HEART_BEAT_REPLY);
        if (frame?.type !== 'update_vxe_table' || !mayEdit) return;
        const second = Math.floor(Date.now() / 1000);
        if (second !== budget.second) budget = { second, sent: 0 };
        if (++budget.sent > UPDATES_PER_SECOND) return;
        const update: TableUpdate = { caseId: frame.caseId, userId: auth.userId, row: frame.row };
        deliver(auth.tenantId, pageId, peer, update);
        if (!bus) return;
        const text = updateFrame(update);
        if (Buffer.byteLength(text) > MAX_FANOUT_FRAME)
          return request.log.warn({ pageId, bytes: Buffer.byteLength(text) }, 'table update too large for other servers');
        bus
          .publish({ cmd: 'table', tenantId: auth.tenantId, pageId, origin, frame: text })
          .catch((error: unknown) => request.log.warn({ err: error }, 'table update not sent to other servers'));
      });
    },
  );
}

// the websocket server and the upgrade guard come with the notice socket
export default fp(tableSocketRoutes, { name: 'cloudlab-table-socket', dependencies: ['cloudlab-access', 'cloudlab-notice-socket'] });
