import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { databaseMatrix } from '../helpers/databases.js';
import { lockTable } from '../helpers/lockTable.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { insertUser } from '../helpers/testRows.js';

const matrix = await databaseMatrix();
const PASSWORD = 'Notices2024x';

interface Frame {
  cmd: string;
  msgId: string;
  msgTxt: string;
}

/** A connected notice socket and every frame it has received. */
interface Client {
  socket: WebSocket;
  frames: Frame[];
  /** the first frame about this announcement, or a rejection after `ms` */
  next(msgId: string, ms?: number): Promise<Frame>;
  close(): void;
}

function urlOf(app: TestApp['app'], userId: string): string {
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/websocket/${userId}`;
}

/** Opens a socket as a browser does (token as the subprotocol); resolves once open. */
function connect(app: TestApp['app'], userId: string, token: string, headers: Record<string, string> = {}): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(urlOf(app, userId), [token], { headers });
    const frames: Frame[] = [];
    const waiters: Array<() => void> = [];
    socket.on('message', (data) => {
      frames.push(JSON.parse(data.toString()) as Frame);
      for (const wake of waiters.splice(0)) wake();
    });
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        socket,
        frames,
        next: (msgId, ms = 2000) =>
          new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`no frame for ${msgId} within ${ms} ms`)), ms);
            const check = () => {
              const frame = frames.find((f) => f.msgId === msgId);
              if (frame) {
                clearTimeout(timer);
                done(frame);
              } else waiters.push(check);
            };
            check();
          }),
        close: () => socket.close(),
      }),
    );
  });
}

/** How a refused handshake or a closed socket ends. */
function outcome(socket: WebSocket): Promise<{ status?: number; code?: number; reason?: string }> {
  return new Promise((resolve) => {
    socket.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode });
      socket.terminate();
    });
    socket.once('error', () => resolve({}));
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
}

describe.each(matrix)('$kind: announcements and the notice socket', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: string;
    let adminName: string;
    let serial = 0;

    beforeAll(async () => {
      // a short heartbeat: the session check runs at each beat
      t = await createTestApp(kind, { noticeHeartbeatMs: 400 });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      admin = await t.login();
      adminName = (await t.app.ctx.db.db.selectFrom('sysUser').select('realname').where('username', '=', 'admin').executeTakeFirstOrThrow()).realname;
    });
    afterAll(async () => {
      await t?.close();
    });

    /** a user of the default tenant with no role: announcements need none */
    const newUser = async () => {
      const username = `reader${++serial}`;
      const id = await insertUser(t.app.ctx.db.db, { username, password: PASSWORD });
      return { id, username, token: await t.login(username, PASSWORD) };
    };

    const draft = async (values: Record<string, unknown>): Promise<string> => {
      const res = await t.request({
        method: 'POST',
        url: '/sys/annountCement/add',
        token: admin,
        payload: { titile: `公告${++serial}`, msgContent: '<p>内容</p>', priority: 'H', msgCategory: '1', msgType: 'ALL', ...values },
      });
      expect(res.json().success, res.body).toBe(true);
      return res.json().result.id as string;
    };
    const operate = (action: 'doReleaseData' | 'doReanulData', id: string) =>
      t.request({ method: 'PUT', url: `/sys/annountCement/${action}/${id}`, token: admin });
    const publish = async (id: string) => {
      const res = await operate('doReleaseData', id);
      expect(res.json().success, res.body).toBe(true);
    };
    const listByUser = async (token: string) => (await t.request({ method: 'GET', url: '/sys/annountCement/listByUser', token })).json().result;
    const markRead = (token: string, anntId: string, method: 'PUT' | 'POST' = 'PUT') =>
      t.request({ method, url: '/sys/sysAnnouncementSend/editByAnntIdAndUserId', token, payload: { anntId } });
    const queryById = (token: string, id: string) => t.request({ method: 'GET', url: `/sys/annountCement/queryById?id=${id}`, token });
    /** a refusal without what differs per request */
    const refusal = (body: { success: boolean; code: number; message: string; error?: string }) => ({
      success: body.success,
      code: body.code,
      message: body.message,
      error: body.error,
    });

    describe('the socket handshake', () => {
      it('refuses a missing or unknown token with 401, before any upgrade', async () => {
        const reader = await newUser();
        expect(await outcome(new WebSocket(urlOf(t.app, reader.id)))).toEqual({ status: 401 });
        expect(await outcome(new WebSocket(urlOf(t.app, reader.id), ['A'.repeat(43)]))).toEqual({ status: 401 });
      });

      it('answers with the token as the subprotocol, and closes a socket opened for another user without a reason', async () => {
        const [reader, other] = [await newUser(), await newUser()];
        const own = await connect(t.app, reader.id, reader.token);
        expect(own.socket.protocol).toBe(reader.token);
        own.close();
        const wrong = new WebSocket(urlOf(t.app, other.id), [reader.token]);
        expect(await outcome(wrong)).toEqual({ code: 1008, reason: '' });
      });

      it('refuses a page of another origin', async () => {
        const reader = await newUser();
        await expect(connect(t.app, reader.id, reader.token, { origin: 'https://evil.example' })).rejects.toThrow(/HTTP 200|HTTP 403/);
        const { port } = t.app.server.address() as AddressInfo;
        const same = await connect(t.app, reader.id, reader.token, { origin: `http://127.0.0.1:${port}` });
        same.close();
      });

      it('answers a text heartbeat to its sender only and relays no client frame', async () => {
        const [reader, other] = [await newUser(), await newUser()];
        const a = await connect(t.app, reader.id, reader.token);
        const b = await connect(t.app, other.id, other.token);
        const reply = new Promise<string>((resolve) => a.socket.once('message', (data) => resolve(data.toString())));
        a.socket.send('HeartBeat');
        a.socket.send(JSON.stringify({ cmd: 'user', msgId: 'forged', msgTxt: 'x' }));
        expect(JSON.parse(await reply)).toEqual({ cmd: 'heartcheck', msgTxt: '心跳响应' });
        await new Promise((r) => setTimeout(r, 300));
        expect(b.frames).toEqual([]);
        expect(a.frames.filter((f) => f.msgId === 'forged')).toEqual([]);
        a.close();
        b.close();
      });

      // NOT_SUPPORTED on SQLite: its readers never wait for a lock, so the tenant read cannot be held up
      it.skipIf(kind === 'sqlite')('answers a heartbeat sent the moment the socket opens, while its tenants are still being read', async () => {
        const reader = await newUser();
        // 1. a first socket leaves the caller's identity cached, so that the upgrade itself reads no tenant;
        // then another connection holds the user tenants, so the next socket's tenant read waits
        (await connect(t.app, reader.id, reader.token)).close();
        const release = await lockTable(t.database.databaseUrl!, 'sys_user_tenant');
        try {
          // 2. the client sends at once on open, while the server still waits for the tenants
          const a = await connect(t.app, reader.id, reader.token);
          const reply = new Promise<string>((resolve) => {
            a.socket.once('message', (data) => resolve(data.toString()));
            setTimeout(() => resolve('"no reply within 10 s"'), 10_000);
          });
          a.socket.send('HeartBeat');
          await new Promise((r) => setTimeout(r, 300));
          // 3. the tenants are read, and the heartbeat sent meanwhile is answered
          await release();
          expect(JSON.parse(await reply)).toEqual({ cmd: 'heartcheck', msgTxt: '心跳响应' });
          a.close();
        } finally {
          await release();
        }
      });

      it('closes the socket of a session that was signed out at the next heartbeat', async () => {
        const reader = await newUser();
        const client = await connect(t.app, reader.id, reader.token);
        const closed = outcome(client.socket);
        await t.request({ method: 'POST', url: '/sys/logout', token: reader.token });
        expect(await closed).toEqual({ code: 1008, reason: '' });
        expect(await outcome(new WebSocket(urlOf(t.app, reader.id), [reader.token]))).toEqual({ status: 401 });
      });
    });

    describe('publishing', () => {
      it('pushes a USER announcement to the chosen user within 2 s and not to anyone else', async () => {
        const [chosen, other] = [await newUser(), await newUser()];
        const a = await connect(t.app, chosen.id, chosen.token);
        const b = await connect(t.app, other.id, other.token);
        const id = await draft({ msgType: 'USER', userIds: chosen.id, titile: '仅限一人' });
        const started = performance.now();
        await publish(id);
        expect(await a.next(id)).toEqual({ cmd: 'user', msgId: id, msgTxt: '仅限一人' });
        const latency = performance.now() - started;
        expect(latency).toBeLessThan(2000);
        console.info(`[notices] ${kind}: publish → socket frame in ${latency.toFixed(1)} ms`);
        await new Promise((r) => setTimeout(r, 300));
        expect(b.frames.filter((f) => f.msgId === id)).toEqual([]);
        a.close();
        b.close();
      });

      it('pushes an ALL announcement as a topic to every user, and the revoke too', async () => {
        const [one, two] = [await newUser(), await newUser()];
        const a = await connect(t.app, one.id, one.token);
        const b = await connect(t.app, two.id, two.token);
        const id = await draft({ msgType: 'ALL', titile: '全员通知' });
        await publish(id);
        expect(await a.next(id)).toEqual({ cmd: 'topic', msgId: id, msgTxt: '全员通知' });
        expect(await b.next(id)).toEqual({ cmd: 'topic', msgId: id, msgTxt: '全员通知' });
        a.frames.length = 0;
        const revoked = await operate('doReanulData', id);
        expect(revoked.json().success, revoked.body).toBe(true);
        expect(await a.next(id)).toEqual({ cmd: 'topic', msgId: id, msgTxt: '全员通知' });
        a.close();
        b.close();
      });

      it('publishes a draft once: publishing again, editing or revoking a draft is refused, and nothing is pushed', async () => {
        const reader = await newUser();
        const a = await connect(t.app, reader.id, reader.token);
        const never = await draft({});
        const early = await operate('doReanulData', never);
        expect(early.json()).toMatchObject({ success: false, error: 'CL_ERR_ANNOUNCEMENT_NOT_PUBLISHED' });
        const id = await draft({});
        await publish(id);
        await a.next(id);
        expect((await operate('doReleaseData', id)).json()).toMatchObject({ success: false, error: 'CL_ERR_ANNOUNCEMENT_NOT_DRAFT' });
        const record = (await t.request({ method: 'GET', url: `/sys/annountCement/manage/queryById?id=${id}`, token: admin })).json().result;
        expect(record).toMatchObject({ sendStatus: '1', sender: adminName });
        const edit = await t.request({ method: 'PUT', url: '/sys/annountCement/edit', token: admin, payload: { id, version: record.version, titile: '改了' } });
        expect(edit.json()).toMatchObject({ success: false, error: 'CL_ERR_ANNOUNCEMENT_NOT_DRAFT' });
        expect(a.frames.filter((f) => f.msgId === never)).toEqual([]);
        a.close();
      });

      it('refuses a USER announcement without a user of the tenant', async () => {
        const id = await draft({ msgType: 'USER', userIds: '0190aaaa-0000-7000-8000-000000000000' });
        expect((await operate('doReleaseData', id)).json()).toMatchObject({ success: false, error: 'CL_ERR_ANNOUNCEMENT_NO_RECIPIENTS' });
      });

      it('needs the publish permission', async () => {
        const reader = await newUser();
        const id = await draft({});
        const res = await t.request({ method: 'PUT', url: `/sys/annountCement/doReleaseData/${id}`, token: reader.token });
        expect(res.json()).toMatchObject({ success: false, code: 510 });
      });
    });

    describe("the user's announcements", () => {
      it('lists unread published ones addressed to the user by category, with totals and the contract fields', async () => {
        const [reader, other] = [await newUser(), await newUser()];
        const mine = await draft({
          msgType: 'USER',
          userIds: `${reader.id},${other.id}`,
          titile: '给两人',
          priority: 'M',
          openType: 'url',
          openPage: '/system/position',
          busId: 'B1',
        });
        const system = await draft({ msgType: 'USER', userIds: reader.id, msgCategory: '2', titile: '系统消息一' });
        const notOthers = await draft({ msgType: 'USER', userIds: other.id, titile: '不给我' });
        const stillDraft = await draft({ msgType: 'USER', userIds: reader.id, titile: '草稿' });
        for (const id of [mine, system, notOthers]) await publish(id);
        const result = await listByUser(reader.token);
        const annt = result.anntMsgList.find((item: { id: string }) => item.id === mine);
        expect(annt).toEqual({
          id: mine,
          titile: '给两人',
          msgContent: '<p>内容</p>',
          sender: adminName,
          sendTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
          createTime: expect.any(String),
          priority: 'M',
          openType: 'url',
          openPage: '/system/position',
          busId: 'B1',
          msgCategory: '1',
        });
        const ids = (list: Array<{ id: string }>) => list.map((item) => item.id);
        expect(ids(result.anntMsgList)).not.toContain(notOthers);
        expect(ids(result.anntMsgList)).not.toContain(stillDraft);
        expect(ids(result.anntMsgList)).not.toContain(system);
        expect(ids(result.sysMsgList)).toEqual([system]);
        expect(result.sysMsgTotal).toBe(1);
        expect(result.anntMsgTotal).toBe(result.anntMsgList.length);
        expect(ids((await listByUser(other.token)).anntMsgList)).toEqual(expect.arrayContaining([mine, notOthers]));
      });

      it('marks read for the caller only (PUT or POST), and a revoked one disappears', async () => {
        const [reader, other] = [await newUser(), await newUser()];
        const id = await draft({ msgType: 'ALL' });
        const second = await draft({ msgType: 'ALL' });
        await publish(id);
        await publish(second);
        expect((await markRead(reader.token, id)).json().success).toBe(true);
        expect((await markRead(reader.token, id, 'POST')).json().success).toBe(true);
        expect((await listByUser(reader.token)).anntMsgList.map((i: { id: string }) => i.id)).not.toContain(id);
        expect((await listByUser(other.token)).anntMsgList.map((i: { id: string }) => i.id)).toContain(id);
        await operate('doReanulData', second);
        expect((await listByUser(other.token)).anntMsgList.map((i: { id: string }) => i.id)).not.toContain(second);
        expect((await queryById(other.token, second)).json().success).toBe(false);
      });

      it('answers for an announcement the caller may not see exactly as for one that does not exist', async () => {
        const [chosen, outsider] = [await newUser(), await newUser()];
        const id = await draft({ msgType: 'USER', userIds: chosen.id });
        await publish(id);
        const draftId = await draft({});
        const unknown = '0190aaaa-0000-7000-8000-00000000dead';
        expect((await queryById(chosen.token, id)).json().result).toMatchObject({ id, readFlag: '0' });
        const refusals = await Promise.all([queryById(outsider.token, id), queryById(outsider.token, unknown), queryById(chosen.token, draftId)]);
        const bodies = refusals.map((res) => refusal(res.json()));
        expect(bodies[0]).toEqual(bodies[1]);
        expect(bodies[2]).toEqual(bodies[1]);
        expect(bodies[0]?.success).toBe(false);
        const marks = await Promise.all([markRead(outsider.token, id), markRead(outsider.token, unknown)]);
        expect(refusal(marks[0].json())).toEqual(refusal(marks[1].json()));
        expect(marks[0].json().success).toBe(false);
        const sends = await t.app.ctx.db.db
          .withTables<{ sysAnnouncementSend: { anntId: string; userId: string } }>()
          .selectFrom('sysAnnouncementSend')
          .select('userId')
          .where('anntId', '=', id)
          .execute();
        expect(sends.map((s) => s.userId)).toEqual([chosen.id]);
      });

      it('pages every announcement of the user, read or not, and marks all read', async () => {
        const reader = await newUser();
        const ids = [await draft({ msgType: 'USER', userIds: reader.id }), await draft({ msgType: 'USER', userIds: reader.id, msgCategory: '2' })];
        for (const id of ids) await publish(id);
        await markRead(reader.token, ids[0]!);
        const page = (
          await t.request({ method: 'GET', url: '/sys/sysAnnouncementSend/getMyAnnouncementSend?pageNo=1&pageSize=50', token: reader.token })
        ).json().result;
        const flags = Object.fromEntries(
          page.records.filter((r: { id: string }) => ids.includes(r.id)).map((r: { id: string; readFlag: string }) => [r.id, r.readFlag]),
        );
        expect(flags).toEqual({ [ids[0]!]: '1', [ids[1]!]: '0' });
        expect(page).toMatchObject({ current: 1, size: 50, total: page.records.length });
        const unread = (
          await t.request({ method: 'GET', url: '/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=0&pageSize=50', token: reader.token })
        ).json().result;
        expect(unread.records.map((r: { id: string }) => r.id)).toContain(ids[1]);
        expect(unread.records.map((r: { id: string }) => r.id)).not.toContain(ids[0]);
        expect((await t.request({ method: 'PUT', url: '/sys/sysAnnouncementSend/readAll', token: reader.token })).json().success).toBe(true);
        const after = await listByUser(reader.token);
        expect(after.anntMsgTotal + after.sysMsgTotal).toBe(0);
      });

      it('needs a signed-in caller', async () => {
        for (const url of ['/sys/annountCement/listByUser', '/sys/annountCement/queryById?id=x', '/sys/sysAnnouncementSend/getMyAnnouncementSend']) {
          expect((await t.request({ method: 'GET', url })).statusCode, url).toBe(401);
        }
        expect((await markRead('', 'x')).statusCode).toBe(401);
      });
    });

    describe.skipIf(kind !== 'postgres')('several server processes', () => {
      it('delivers a publish on one server to a socket held by another server of the same database', async () => {
        const second = await createTestApp(kind, { database: t.database });
        try {
          await second.app.listen({ port: 0, host: '127.0.0.1' });
          const [chosen, other] = [await newUser(), await newUser()];
          const remote = await connect(second.app, chosen.id, chosen.token);
          const bystander = await connect(second.app, other.id, other.token);
          const id = await draft({ msgType: 'USER', userIds: chosen.id, titile: '跨进程' });
          const started = performance.now();
          await publish(id);
          expect(await remote.next(id)).toEqual({ cmd: 'user', msgId: id, msgTxt: '跨进程' });
          const latency = performance.now() - started;
          console.info(`[notices] ${kind}: publish on server 1 → socket on server 2 in ${latency.toFixed(1)} ms`);
          expect(latency).toBeLessThan(2000);
          await new Promise((r) => setTimeout(r, 300));
          expect(bystander.frames).toEqual([]);
          remote.close();
          bystander.close();
        } finally {
          await second.app.close();
        }
      });
    });
  });
});
