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

// Online users and forced sign-out (spec 000 §6, security.md §1): 在线用户 (system.onlineUser) lists the
// live sessions of the caller's tenant; 强制退出 there ends one session and 用户管理's 强制下线 every session
// of a user: the next request is refused and the socket closes at once (the heartbeat here is a minute
// long, so only the forced close can end it in time).

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
    let adminToken: string;
    let seq = 0;

    const signedIn = async (tenantIds = [1]) => {
      const username = `ol${process.pid}u${++seq}`;
      const id = await insertUser(t.app.ctx.db.db, { username, password: PASSWORD, tenantIds });
      const token = await t.login(username, PASSWORD);
      return { id, username, token, api: client(t, token) };
    };
    beforeAll(async () => {
      t = await createTestApp(kind, { noticeHeartbeatMs: 60_000 });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      await ensureTenant(t.app.ctx.db.db, AWAY);
      adminToken = await t.login();
      admin = client(t, adminToken);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('forces a user offline: their next request is refused and their socket closes at once', async () => {
      const user = await signedIn();
      const socket = openSocket(t, user.id, user.token);
      await socket.opened;
      const forced = await admin.post(`${USERS}/${user.id}/Actions/ForceOffline`, {});
      expect(forced.body, JSON.stringify(forced.body)).toMatchObject({ code: 200, data: { sessions: 1 } });
      expect(await socket.closed).toBe(1008);
      expect(socket.frames).toContain(JSON.stringify({ cmd: 'signout' }));
      const next = await user.api.get('/sys/permission/getUserPermissionByToken');
      expect(next.status).toBe(401);
      expect(next.body.error).toBe('CL_ERR_AUTH_SIGNED_OUT');
      expect((await admin.get('/api/permission/OnlineUsers', { keyword: user.username })).body.data.list).toEqual([]);
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
      expect((await target.api.get('/sys/permission/getUserPermissionByToken')).status).toBe(200);
    });

    it('强制下线 ends every session of the user and names no single one: a `session` field is refused, nothing ended', async () => {
      const user = await signedIn();
      const second = await t.login(user.username, PASSWORD);
      const key = sessionKeyOf(hashToken(user.token));
      const refused = await admin.post(`${USERS}/${user.id}/Actions/ForceOffline`, { session: key });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('CL_ERR_FIELD_UNKNOWN');
      expect((await user.api.get('/sys/permission/getUserPermissionByToken')).status).toBe(200);
      const forced = await admin.post(`${USERS}/${user.id}/Actions/ForceOffline`, {});
      expect(forced.body, JSON.stringify(forced.body)).toMatchObject({ code: 200, data: { sessions: 2 } });
      for (const token of [user.token, second]) expect((await client(t, token).get('/sys/permission/getUserPermissionByToken')).status).toBe(401);
      // 在线用户 is its own screen: the users model serves no online list of its own ('Online' reads as a user id)
      expect((await admin.get(`${USERS}/Online`)).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      expect((await admin.get(`${USERS}/Online/Sessions`)).body.error).toBe('CL_ERR_NOT_FOUND');
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
        expect((await (await userWith(t, ['system:user:list', 'system:user:forceOffline'])).get(SCREEN)).status).toBe(403);
        expect((await admin.get(SCREEN, { sidx: 'username', sort: 'asc' })).status).toBe(400);
        expect((await admin.get(SCREEN, { pageSize: 0 })).status).toBe(400);
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
        // the row of the session the caller signs in with says so (当前会话), and only that row
        const current = (await screen(admin)).list.filter((r) => r.current);
        expect(current).toHaveLength(1);
        const own = current[0]!;
        expect(own.id).toBe(sessionKeyOf(hashToken(adminToken)));
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
