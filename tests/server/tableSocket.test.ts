import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { databaseMatrix } from '../helpers/databases.js';
import { lockTable } from '../helpers/lockTable.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { ensureTenant, grant, insertRole, insertUser } from '../helpers/testRows.js';
import { addFieldRule, client } from './engineSupport.js';

// WebSocket /vxeSocket/{userId}/{pageId} (spec 000 §4/§7): live row updates between the editable tables
// open on one page, authenticated like /websocket, gated by the page model's list and edit permissions,
// and kept within one tenant and one page.

const matrix = await databaseMatrix();
const PASSWORD = 'TableSocket2024x';
const PAGE = 'system.position';

interface Client {
  socket: WebSocket;
  frames: Record<string, unknown>[];
  /**
   * the next frame, or null when none came within `ms`. An expected frame may wait long (10 s: a loaded CI
   * machine answered a heartbeat after 1.5 s); the absence checks pass a short `ms` of their own.
   */
  next(ms?: number): Promise<Record<string, unknown> | null>;
  send(frame: unknown): void;
}

function urlOf(app: TestApp['app'], userId: string, pageId: string): string {
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/vxeSocket/${userId}/${encodeURIComponent(pageId)}`;
}

function connect(app: TestApp['app'], userId: string, token: string, pageId = PAGE): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(urlOf(app, userId, pageId), [token]);
    const frames: Record<string, unknown>[] = [];
    let read = 0;
    const waiters: Array<() => void> = [];
    socket.on('message', (data) => {
      frames.push(JSON.parse(data.toString()) as Record<string, unknown>);
      for (const wake of waiters.splice(0)) wake();
    });
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        socket,
        frames,
        send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
        next: (ms = 10_000) =>
          new Promise((done) => {
            // a wait that timed out stops waiting: the next frame is the next call's
            const timer = setTimeout(() => {
              const at = waiters.indexOf(check);
              if (at >= 0) waiters.splice(at, 1);
              done(null);
            }, ms);
            const check = () => {
              if (frames.length > read) {
                clearTimeout(timer);
                done(frames[read++] ?? null);
              } else waiters.push(check);
            };
            check();
          }),
      }),
    );
  });
}

/** how a refused handshake or a closed socket ends */
function outcome(socket: WebSocket): Promise<{ status?: number; code?: number; reason?: string }> {
  return new Promise((resolve) => {
    // terminating a refused handshake reports an error of its own: it is the refusal, already seen
    socket.on('error', () => undefined);
    socket.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode });
      socket.terminate();
    });
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
}

const update = (row: Record<string, unknown>, caseId = 'table-1') => ({ type: 'common_send_date', data: { type: 'update_vxe_table', caseId, row } });

describe.each(matrix)('$kind: the live table socket', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let serial = 0;
    let admin: { id: string; token: string };

    beforeAll(async () => {
      t = await createTestApp(kind, { noticeHeartbeatMs: 400 });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const db = t.app.ctx.db.db;
      const adminId = (await db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
      admin = { id: adminId, token: await t.login() };
      const permissionIds = async (...codes: string[]) =>
        (await db.selectFrom('sysPermission').select('id').where('perms', 'in', codes).execute()).map((row) => row.id);
      await insertRole(db, 'tableSocketReader');
      await grant(db, 'tableSocketReader', await permissionIds('system:position:list'));
      await insertRole(db, 'tableSocketEditor');
      await grant(db, 'tableSocketEditor', await permissionIds('system:position:list', 'system:position:edit'));
      await ensureTenant(db, 7);
    });
    afterAll(async () => {
      await t?.close();
    });

    const newUser = async (roleIds: string[], tenantIds?: number[]) => {
      const username = `tablesock${++serial}`;
      const id = await insertUser(t.app.ctx.db.db, { username, password: PASSWORD, roleIds, tenantIds });
      return { id, token: await t.login(username, PASSWORD) };
    };

    it('refuses a missing token with 401 before any upgrade, and another user’s path without a reason', async () => {
      expect(await outcome(new WebSocket(urlOf(t.app, admin.id, PAGE)))).toEqual({ status: 401 });
      const reader = await newUser(['tableSocketReader']);
      expect(await outcome(new WebSocket(urlOf(t.app, admin.id, PAGE), [reader.token]))).toEqual({ code: 1008, reason: '' });
    });

    it('refuses a page whose model the caller may not list exactly like an unknown one', async () => {
      const nobody = await newUser([]);
      const hidden = await outcome(new WebSocket(urlOf(t.app, nobody.id, PAGE), [nobody.token]));
      const unknown = await outcome(new WebSocket(urlOf(t.app, nobody.id, 'system.noSuchModel'), [nobody.token]));
      expect(hidden).toEqual({ code: 1008, reason: '' });
      expect(unknown).toEqual(hidden);
      // a page id that is no model id never reaches the handler
      expect((await outcome(new WebSocket(urlOf(t.app, nobody.id, '../websocket'), [nobody.token]))).status).toBeGreaterThanOrEqual(400);
    });

    it('answers a heartbeat to its sender only', async () => {
      const editor = await newUser(['tableSocketEditor']);
      const reader = await newUser(['tableSocketReader']);
      const a = await connect(t.app, editor.id, editor.token);
      const b = await connect(t.app, reader.id, reader.token);
      a.send({ type: 'heart_beat' });
      expect(await a.next()).toEqual({ type: 'heart_beat', data: true });
      expect(await b.next(300)).toBeNull();
      a.socket.close();
      b.socket.close();
    });

    // NOT_SUPPORTED on SQLite: its readers never wait for a lock, so the permission read cannot be held up
    it.skipIf(kind === 'sqlite')('answers a heartbeat sent the moment the socket opens, while its permissions are still being read', async () => {
      const editor = await newUser(['tableSocketEditor']);
      // 1. a first socket leaves the caller's identity cached, so that the upgrade itself reads no permission;
      // then another connection holds the role permissions, so the next socket's permission read waits
      (await connect(t.app, editor.id, editor.token)).socket.close();
      const release = await lockTable(t.database.databaseUrl!, 'sys_role_permission');
      try {
        // 2. the client sends at once on open, while the server still waits for the permissions
        const a = await connect(t.app, editor.id, editor.token);
        a.send({ type: 'heart_beat' });
        await new Promise((resolve) => setTimeout(resolve, 300));
        // 3. the permissions are read, and the heartbeat sent meanwhile is answered
        await release();
        expect(await a.next()).toEqual({ type: 'heart_beat', data: true });
        a.socket.close();
      } finally {
        await release();
      }
    });

    it('passes an editor’s row update to the other tables of the page and tenant only, rebuilt', async () => {
      const editor = await newUser(['tableSocketEditor']);
      const reader = await newUser(['tableSocketReader']);
      const otherTenant = await newUser(['tableSocketEditor'], [7]);
      const sender = await connect(t.app, editor.id, editor.token);
      const sameRecord = await connect(t.app, reader.id, reader.token);
      const otherPage = await connect(t.app, reader.id, reader.token, `${PAGE}:record-2`);
      const elsewhere = await connect(t.app, otherTenant.id, otherTenant.token);
      sender.send(update({ id: 'row-1', name: '改过', qty: 3, certificate: { fileName: 'a.pdf', filePath: 'annex/a.pdf', fileSize: 10 } }));
      expect(await sameRecord.next()).toEqual({
        type: 'common_send_date',
        data: {
          type: 'update_vxe_table',
          caseId: 'table-1',
          userId: editor.id,
          row: { id: 'row-1', name: '改过', qty: 3, certificate: { fileName: 'a.pdf', filePath: 'annex/a.pdf', fileSize: 10 } },
        },
      });
      expect(await sender.next(300)).toBeNull();
      expect(await otherPage.next(300)).toBeNull();
      expect(await elsewhere.next(300)).toBeNull();
      for (const client of [sender, sameRecord, otherPage, elsewhere]) client.socket.close();
    });

    it('passes a row on to each receiver only within their data scope, without the fields their roles hide', async () => {
      const api = client(t, admin.token);
      const db = t.app.ctx.db.db;
      const code = `TS${process.pid}x${++serial}`;
      const position = async (enCode: string) => {
        const res = await api.post('/api/permission/Position', { fullName: `岗位 ${enCode}`, enCode });
        expect(res.body.code, JSON.stringify(res.body)).toBe(200);
        return res.body.data.id as string;
      };
      const inside = await position(`${code}IN`);
      const outside = await position(`${code}OUT`);
      // a role reaching only the positions whose code is ${code}IN, and a role hiding description
      const ruleId = await addFieldRule(api, { name: `one position ${code}`, modelId: 'system.position', field: 'enCode', value: `${code}IN` });
      const scopedRole = await insertRole(db, `tableSocketScoped${serial}`);
      const hidingRole = await insertRole(db, `tableSocketHiding${serial}`);
      const listCode = (await db.selectFrom('sysPermission').select('id').where('perms', '=', 'system:position:list').executeTakeFirstOrThrow()).id;
      for (const role of [scopedRole, hidingRole]) await grant(db, role, [listCode]);
      expect((await api.post('/sys/roleDataRule/add', { roleId: scopedRole, ruleId })).body).toMatchObject({ success: true });
      const hide = await api.post('/sys/roleField/add', { roleId: hidingRole, modelId: 'system.position', field: 'description', access: 'hidden' });
      expect(hide.body).toMatchObject({ success: true });
      const editor = await newUser(['tableSocketEditor']);
      const users = { reader: await newUser(['tableSocketReader']), scoped: await newUser([scopedRole]), hiding: await newUser([hidingRole]) };
      const sender = await connect(t.app, editor.id, editor.token);
      const reader = await connect(t.app, users.reader.id, users.reader.token);
      const scoped = await connect(t.app, users.scoped.id, users.scoped.token);
      const hiding = await connect(t.app, users.hiding.id, users.hiding.token);
      // a heartbeat is answered once the server has joined the socket to its page
      const joined = async (...clients: Client[]) => {
        for (const c of clients) c.send({ type: 'heart_beat' });
        for (const c of clients) expect(await c.next()).toEqual({ type: 'heart_beat', data: true });
      };
      await joined(reader, scoped, hiding);
      const rowOf = (frame: Record<string, unknown> | null) => (frame as { data?: { row?: unknown } } | null)?.data?.row;

      // a position outside the scoped receiver's rule: it does not reach them
      sender.send(update({ id: outside, fullName: '改名 外', description: '机密 外' }));
      expect(rowOf(await reader.next())).toEqual({ id: outside, fullName: '改名 外', description: '机密 外' });
      expect(rowOf(await hiding.next())).toEqual({ id: outside, fullName: '改名 外' });
      expect(await scoped.next(400)).toBeNull();
      // one inside it reaches them; the hidden description never reaches the role hiding it
      sender.send(update({ id: inside, fullName: '改名 内', description: '机密 内' }));
      expect(rowOf(await scoped.next())).toEqual({ id: inside, fullName: '改名 内', description: '机密 内' });
      expect(rowOf(await hiding.next())).toEqual({ id: inside, fullName: '改名 内' });
      expect(rowOf(await reader.next())).toEqual({ id: inside, fullName: '改名 内', description: '机密 内' });
      // a row that names no position cannot be placed in a scope: only unrestricted receivers get it
      sender.send(update({ id: 'part-1', name: '配件' }));
      expect(rowOf(await reader.next())).toEqual({ id: 'part-1', name: '配件' });
      expect(await scoped.next(400)).toBeNull();
      expect(await hiding.next(100)).toBeNull();
      for (const c of [sender, reader, scoped, hiding]) c.socket.close();

      // a page narrowed to a record: its rows reach only receivers whose scope holds that record
      const onOutside = await Promise.all([editor, users.scoped, users.reader].map((u) => connect(t.app, u.id, u.token, `${PAGE}:${outside}`)));
      const onInside = await Promise.all([editor, users.scoped].map((u) => connect(t.app, u.id, u.token, `${PAGE}:${inside}`)));
      await joined(...onOutside, ...onInside);
      onOutside[0]!.send(update({ id: 'part-2', qty: 2 }));
      expect(rowOf(await onOutside[2]!.next())).toEqual({ id: 'part-2', qty: 2 });
      expect(await onOutside[1]!.next(400)).toBeNull();
      onInside[0]!.send(update({ id: 'part-3', qty: 3 }));
      expect(rowOf(await onInside[1]!.next())).toEqual({ id: 'part-3', qty: 3 });
      for (const c of [...onOutside, ...onInside]) c.socket.close();
    });

    it('drops updates of a caller without the edit permission and frames of the wrong shape', async () => {
      const editor = await newUser(['tableSocketEditor']);
      const reader = await newUser(['tableSocketReader']);
      const a = await connect(t.app, editor.id, editor.token);
      const b = await connect(t.app, reader.id, reader.token);
      b.send(update({ id: 'row-1', name: 'reader' }));
      for (const bad of [
        'not json',
        update({ name: 'no id' }),
        update({ id: 'row-1', 'bad key': 1 }),
        update({ id: 'row-1', nested: { a: 1 } }),
        update({ id: 'row-1', text: 'x'.repeat(2001) }),
        { type: 'common_send_date', data: { type: 'something_else', row: { id: 'row-1' } } },
      ])
        a.send(bad);
      expect(await b.next(400)).toBeNull();
      expect(await a.next(300)).toBeNull();
      a.socket.close();
      b.socket.close();
    });

    describe.skipIf(kind !== 'postgres')('several server processes', () => {
      it('passes an update to the page’s sockets on another server of the same database, once, and within the tenant', async () => {
        const second = await createTestApp(kind, { database: t.database, noticeHeartbeatMs: 400 });
        try {
          await second.app.listen({ port: 0, host: '127.0.0.1' });
          const editor = await newUser(['tableSocketEditor']);
          const reader = await newUser(['tableSocketReader']);
          const otherTenant = await newUser(['tableSocketEditor'], [7]);
          const sender = await connect(t.app, editor.id, editor.token);
          const local = await connect(t.app, reader.id, reader.token);
          const remote = await connect(second.app, reader.id, reader.token);
          const remoteOtherPage = await connect(second.app, reader.id, reader.token, `${PAGE}:record-9`);
          const remoteElsewhere = await connect(second.app, otherTenant.id, otherTenant.token);
          const started = performance.now();
          sender.send(update({ id: 'row-7', name: '跨进程' }, 'table-x'));
          const expected = {
            type: 'common_send_date',
            data: { type: 'update_vxe_table', caseId: 'table-x', userId: editor.id, row: { id: 'row-7', name: '跨进程' } },
          };
          expect(await remote.next(3000)).toEqual(expected);
          console.info(`[tableSocket] ${kind}: update on server 1 → socket on server 2 in ${(performance.now() - started).toFixed(1)} ms`);
          expect(await local.next()).toEqual(expected);
          // the bus brings the update back to its own server too: it must not reach the page a second time
          expect(await local.next(400)).toBeNull();
          expect(await sender.next(100)).toBeNull();
          expect(await remote.next(100)).toBeNull();
          expect(await remoteOtherPage.next(100)).toBeNull();
          expect(await remoteElsewhere.next(100)).toBeNull();
          for (const client of [sender, local, remote, remoteOtherPage, remoteElsewhere]) client.socket.close();
        } finally {
          await second.app.close();
        }
      });
    });

    it('closes the socket of a holder who lost the page’s list permission at the next heartbeat', async () => {
      const db = t.app.ctx.db.db;
      const roleId = await insertRole(db, `tableSocketRevoked${++serial}`);
      const listCode = (await db.selectFrom('sysPermission').select('id').where('perms', '=', 'system:position:list').executeTakeFirstOrThrow()).id;
      await grant(db, roleId, [listCode]);
      const reader = await newUser([roleId]);
      const other = await newUser(['tableSocketReader']);
      const revoked = await connect(t.app, reader.id, reader.token);
      const kept = await connect(t.app, other.id, other.token);
      const closed = outcome(revoked.socket);
      await db.deleteFrom('sysRolePermission').where('roleId', '=', roleId).execute();
      expect(await closed).toEqual({ code: 1008, reason: '' });
      // a holder who still has it stays
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(kept.socket.readyState).toBe(WebSocket.OPEN);
      kept.socket.close();
    });

    it('closes the socket of a session that was signed out at the next heartbeat', async () => {
      const reader = await newUser(['tableSocketReader']);
      const client = await connect(t.app, reader.id, reader.token);
      const closed = outcome(client.socket);
      const res = await t.request({ method: 'POST', url: '/sys/logout', token: reader.token });
      expect(res.statusCode).toBe(200);
      expect(await closed).toEqual({ code: 1008, reason: '' });
    });
  });
});
