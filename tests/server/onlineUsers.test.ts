import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { ensureTenant, insertUser } from '../helpers/testRows.js';
import { hashToken } from '../../server/auth/tokens.js';
import { sessionKeyOf } from '../../server/permission/onlineUsers.js';
import { client, userWith, type Client } from './engineSupport.js';

// Online users and forced sign-out (spec 000 §6, security.md §1): the list shows users of the caller's
// tenant with a live session; forcing one offline refuses their next request and closes their socket
// at once (the heartbeat here is a minute long, so only the forced close can end it in time).

const matrix = await databaseMatrix();
const USERS = '/api/permission/Users';
const PASSWORD = 'Online2024x';
const AWAY = 74;

/** Opens the notice socket as the browser does; resolves with the frames it gets and how it ended. */
function openSocket(t: TestApp, userId: string, token: string) {
  const { port } = t.app.server.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/websocket/${userId}`, [token]);
  const frames: string[] = [];
  socket.on('message', (data) => frames.push(data.toString()));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, frames, closed, opened };
}

describe.each(matrix)('$kind: online users and forced sign-out', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let seq = 0;

    const signedIn = async (tenantIds = [1]) => {
      const username = `ol${process.pid}u${++seq}`;
      const id = await insertUser(t.app.ctx.db.db, { username, password: PASSWORD, tenantIds });
      const token = await t.login(username, PASSWORD);
      return { id, username, token, api: client(t, token) };
    };
    const online = async (who: Client, query: Record<string, string | number> = {}) => {
      const res = await who.get(`${USERS}/Online`, { pageSize: 500, ...query });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { list: { id: string; username: string; sessions: number; lastActiveTime: string }[]; pagination: { total: number } };
    };

    beforeAll(async () => {
      t = await createTestApp(kind, { noticeHeartbeatMs: 60_000 });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      await ensureTenant(t.app.ctx.db.db, AWAY);
      admin = client(t, await t.login());
    });
    afterAll(async () => {
      await t?.close();
    });

    it('lists the tenant’s users with a live session, with their session count', async () => {
      const user = await signedIn();
      await t.login(user.username, PASSWORD);
      const away = await signedIn([AWAY]);
      const list = await online(admin, { keyword: `ol${process.pid}` });
      const row = list.list.find((r) => r.id === user.id)!;
      expect(row).toMatchObject({ username: user.username, sessions: 2 });
      expect(Date.parse(row.lastActiveTime)).not.toBeNaN();
      expect(list.list.map((r) => r.id)).not.toContain(away.id);
      // a session that ended is not online
      const gone = await signedIn();
      expect((await gone.api.post('/sys/logout', {})).status).toBe(200);
      expect((await online(admin, { keyword: gone.username })).list).toEqual([]);
    });

    it('pages and refuses bad paging and callers without the permission', async () => {
      const page = await online(admin, { currentPage: 1, pageSize: 1 });
      expect(page.list).toHaveLength(1);
      expect(page.pagination.total).toBeGreaterThanOrEqual(1);
      expect((await admin.get(`${USERS}/Online`, { pageSize: 0 })).body.code).toBe(400);
      expect((await admin.get(`${USERS}/Online`, { orderBy: 'id' })).body.code).toBe(400);
      const plain = await userWith(t, ['system:user:list']);
      expect((await plain.get(`${USERS}/Online`)).status).toBe(403);
    });

    it('forces a user offline: their next request is refused and their socket closes at once', async () => {
      const user = await signedIn();
      const socket = openSocket(t, user.id, user.token);
      await socket.opened;
      const forced = await admin.post(`${USERS}/${user.id}/Actions/ForceOffline`, {});
      expect(forced.body, JSON.stringify(forced.body)).toMatchObject({ code: 200, data: { sessions: 1 } });
      expect(await socket.closed).toBe(1008);
      expect(socket.frames).toContain(JSON.stringify({ cmd: 'signout' }));
      const next = await user.api.get(`${USERS}/Online`);
      expect(next.status).toBe(401);
      expect(next.body.error).toBe('CL_ERR_AUTH_SIGNED_OUT');
      expect((await online(admin, { keyword: user.username })).list).toEqual([]);
      const { rows } = await sql<{
        event: string;
      }>`select event from sys_security_log where event = 'session.forced' and detail like ${`user ${user.id}%`}`.execute(t.app.ctx.db.db);
      expect(rows).toHaveLength(1);
      // signing in again works: forced offline is not a lock
      expect(await t.login(user.username, PASSWORD)).toEqual(expect.any(String));
    });

    it('cannot force another tenant’s user or oneself offline, nor without the permission', async () => {
      const away = await signedIn([AWAY]);
      expect((await admin.post(`${USERS}/${away.id}/Actions/ForceOffline`, {})).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      expect((await away.api.get('/sys/permission/getUserPermissionByToken')).body.success).toBe(true);
      const adminId = (await t.app.ctx.db.db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
      expect((await admin.post(`${USERS}/${adminId}/Actions/ForceOffline`, {})).body.error).toBe('CL_ERR_FORCE_OFFLINE_SELF');
      const target = await signedIn();
      const plain = await userWith(t, ['system:user:list']);
      expect((await plain.post(`${USERS}/${target.id}/Actions/ForceOffline`, {})).status).toBe(403);
      expect((await target.api.get(`${USERS}/Online`)).status).toBe(403);
    });

    it('lists each live session with its IP and times, and ends one session only: its socket closes, the other stays', async () => {
      const user = await signedIn();
      const second = await t.login(user.username, PASSWORD);
      const away = await signedIn([AWAY]);
      const sessions = async (query: Record<string, string | number> = {}) => {
        const res = await admin.get(`${USERS}/Online/Sessions`, { pageSize: 500, ...query });
        expect(res.body.code, JSON.stringify(res.body)).toBe(200);
        return res.body.data as {
          list: { id: string; userId: string; username: string; ip: string | null; loginTime: string; lastActiveTime: string; current: boolean }[];
          pagination: { total: number };
        };
      };
      const mine = (await sessions({ keyword: user.username })).list;
      expect(mine).toHaveLength(2);
      for (const row of mine) {
        expect(row).toMatchObject({ userId: user.id, username: user.username, current: false });
        expect(row.id).toMatch(/^[0-9a-f]{32}$/);
        expect(Date.parse(row.loginTime)).not.toBeNaN();
        expect(Date.parse(row.lastActiveTime)).not.toBeNaN();
      }
      // the key is not the stored session id (the token's hash)
      const stored = await sql<{ id: string }>`select id from sys_session where user_id = ${user.id}`.execute(t.app.ctx.db.db);
      expect(stored.rows.map((r) => r.id)).not.toContain(mine[0]!.id);
      expect((await sessions({ keyword: `ol${process.pid}` })).list.map((r) => r.userId)).not.toContain(away.id);
      expect((await sessions()).list.filter((r) => r.current)).toHaveLength(1);

      const first = openSocket(t, user.id, user.token);
      const other = openSocket(t, user.id, second);
      await Promise.all([first.opened, other.opened]);
      const ended = await admin.post(`${USERS}/${user.id}/Actions/ForceOffline`, { session: mine[0]!.id });
      expect(ended.body, JSON.stringify(ended.body)).toMatchObject({ code: 200, data: { sessions: 1 } });
      const statuses = [
        (await user.api.get('/sys/permission/getUserPermissionByToken')).status,
        (await client(t, second).get('/sys/permission/getUserPermissionByToken')).status,
      ];
      expect(statuses.sort()).toEqual([200, 401]);
      // exactly one socket is closed at once, the other stays open
      const closedOne = await Promise.race([first.closed.then(() => first), other.closed.then(() => other)]);
      expect(closedOne.socket.readyState).toBe(WebSocket.CLOSED);
      const survivor = closedOne === first ? other : first;
      expect(survivor.socket.readyState).toBe(WebSocket.OPEN);
      survivor.socket.close();
      expect((await sessions({ keyword: user.username })).list).toHaveLength(1);
      // an ended or unknown session is not found, a malformed key is refused, another tenant's user is not found
      expect((await admin.post(`${USERS}/${user.id}/Actions/ForceOffline`, { session: mine[0]!.id })).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      expect((await admin.post(`${USERS}/${user.id}/Actions/ForceOffline`, { session: 'x'.repeat(32) })).body.code).toBe(400);
      const awayKey = '0'.repeat(32);
      expect((await admin.post(`${USERS}/${away.id}/Actions/ForceOffline`, { session: awayKey })).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      const plain = await userWith(t, ['system:user:list']);
      expect((await plain.get(`${USERS}/Online/Sessions`)).status).toBe(403);
    });

    describe('the 在线用户 screen (system.onlineUser, an operation list over the sessions)', () => {
      const SCREEN = '/api/permission/OnlineUsers';
      type SessionRow = {
        id: string;
        userId: string;
        username: string;
        realname: string;
        ip: string | null;
        loginTime: string;
        lastActiveTime: string;
        current: boolean;
      };
      const screen = async (who: Client, query: Record<string, string | number> = {}) => {
        const res = await who.get(SCREEN, { pageSize: 500, ...query });
        expect(res.body.code, JSON.stringify(res.body)).toBe(200);
        return res.body.data as { list: SessionRow[]; pagination: { currentPage: number; pageSize: number; total: number } };
      };

      it('is a menu item of 系统管理 whose codes the admin role holds; its model lists sessions from an operation', async () => {
        const menus = await admin.get('/sys/permission/getUserPermissionByToken');
        const system = (menus.body.result.menu as { name: string; meta: { title: string }; children?: { meta: { title: string }; path: string }[] }[]).find(
          (m) => m.meta.title === '系统管理',
        )!;
        expect(system.children!.map((c) => c.meta.title)).toContain('在线用户');
        const actions = (menus.body.result.auth as { action: string }[]).map((a) => a.action);
        expect(actions).toEqual(expect.arrayContaining(['system:onlineUser:online', 'system:onlineUser:forceOffline']));
        const served = (await admin.get('/system/model/system.onlineUser')).body.result;
        expect(served.model).toMatchObject({ viewOf: 'system.user', list: { rows: { operation: 'sessions' } } });
        // the table behind the view serves no list or record of its own on this screen's base
        expect((await admin.get(`${SCREEN}/${'0'.repeat(32)}`)).status).toBe(404);
      });

      it('answers one row per live session of the tenant, keyword-searched and paged, and refuses a caller without `online`', async () => {
        const user = await signedIn();
        await t.login(user.username, PASSWORD);
        const away = await signedIn([AWAY]);
        const rows = (await screen(admin, { keyword: user.username })).list;
        expect(rows).toHaveLength(2);
        for (const row of rows) {
          expect(Object.keys(row).sort()).toEqual(['current', 'id', 'ip', 'lastActiveTime', 'loginTime', 'realname', 'userId', 'username']);
          expect(row).toMatchObject({ userId: user.id, username: user.username });
          expect(row.id).toMatch(/^[0-9a-f]{32}$/);
          expect(Date.parse(row.loginTime)).not.toBeNaN();
        }
        const first = await screen(admin, { keyword: user.username, currentPage: 2, pageSize: 1 });
        expect(first.pagination).toEqual({ currentPage: 2, pageSize: 1, total: 2 });
        expect(first.list).toHaveLength(1);
        // tenant isolation both ways: neither tenant's holder of the code sees the other's sessions
        expect((await screen(admin, { keyword: away.username })).list).toEqual([]);
        const awayAdmin = await userWith(t, ['system:onlineUser:online'], { tenantId: AWAY });
        expect((await screen(awayAdmin, { keyword: away.username })).list.map((r) => r.userId)).toEqual([away.id]);
        expect((await screen(awayAdmin, { keyword: user.username })).list).toEqual([]);
        // the users list's own code is not this screen's; an unknown parameter or a sort is refused
        expect((await (await userWith(t, ['system:user:online', 'system:user:list'])).get(SCREEN)).status).toBe(403);
        expect((await admin.get(SCREEN, { sidx: 'username', sort: 'asc' })).status).toBe(400);
      });

      it('强制退出 ends the one session by its key: its next request is refused and its socket closes, the other session stays', async () => {
        const user = await signedIn();
        const second = await t.login(user.username, PASSWORD);
        const socket = openSocket(t, user.id, user.token);
        const other = openSocket(t, user.id, second);
        await Promise.all([socket.opened, other.opened]);
        // the key the list shows for the session behind user.token (the session id is the token's hash)
        const key = sessionKeyOf(hashToken(user.token));
        expect((await screen(admin, { keyword: user.username })).list.map((r) => r.id)).toContain(key);
        const ended = await admin.post(`${SCREEN}/${key}/Actions/SignOut`, {});
        expect(ended.body, JSON.stringify(ended.body)).toMatchObject({ code: 200, data: { sessions: 1 } });
        const next = await user.api.get('/sys/permission/getUserPermissionByToken');
        expect(next.status).toBe(401);
        expect(next.body.error).toBe('CL_ERR_AUTH_SIGNED_OUT');
        expect(await socket.closed).toBe(1008);
        expect(other.socket.readyState).toBe(WebSocket.OPEN);
        other.socket.close();
        expect((await client(t, second).get('/sys/permission/getUserPermissionByToken')).status).toBe(200);
        expect((await screen(admin, { keyword: user.username })).list.map((r) => r.id)).not.toContain(key);
        const { rows: logged } = await sql<{
          event: string;
        }>`select event from sys_security_log where event = 'session.forced' and detail = ${`user ${user.id}, 1 session(s)`}`.execute(t.app.ctx.db.db);
        expect(logged).toHaveLength(1);
        // an ended key is not found, a malformed one refused
        expect((await admin.post(`${SCREEN}/${key}/Actions/SignOut`, {})).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
        expect((await admin.post(`${SCREEN}/${'x'.repeat(32)}/Actions/SignOut`, {})).status).toBe(400);
      });

      it('refuses the caller’s own session, another tenant’s session, and a caller without `forceOffline`', async () => {
        const own = (await screen(admin)).list.find((r) => r.current)!;
        expect((await admin.post(`${SCREEN}/${own.id}/Actions/SignOut`, {})).body.error).toBe('CL_ERR_FORCE_OFFLINE_SELF');
        const away = await signedIn([AWAY]);
        const awayAdmin = await userWith(t, ['system:onlineUser:online'], { tenantId: AWAY });
        const awayKey = (await screen(awayAdmin, { keyword: away.username })).list[0]!.id;
        expect((await admin.post(`${SCREEN}/${awayKey}/Actions/SignOut`, {})).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
        expect((await away.api.get('/sys/permission/getUserPermissionByToken')).status).toBe(200);
        const viewer = await userWith(t, ['system:onlineUser:online'], { tenantId: AWAY });
        expect((await viewer.post(`${SCREEN}/${awayKey}/Actions/SignOut`, {})).status).toBe(403);
        const forcer = await userWith(t, ['system:onlineUser:forceOffline'], { tenantId: AWAY });
        expect((await forcer.post(`${SCREEN}/${awayKey}/Actions/SignOut`, {})).body).toMatchObject({ code: 200, data: { sessions: 1 } });
        expect((await away.api.get('/sys/permission/getUserPermissionByToken')).status).toBe(401);
      });
    });
  });
});
