import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { ensureTenant, insertDepart, insertRole, insertUser, tenantAdminRole } from '../helpers/testRows.js';
import { newId } from '../../server/db/ids.js';
import { nowText } from '../../server/db/timestamps.js';
import { client, userWith, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const ORG = '/api/permission/Organize';
const OTHER_TENANT = 73;
const ids = (list: { id: string }[]) => list.map((n) => n.id);

describe.each(matrix)('$kind: organisations, departments, roles and positions (spec 001 §7)', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let elsewhere: Client;
    const org = { top: '', child: '', other: '' };
    const depart = { A: '', A1: '', B: '', C: '' };
    const user = { a: '', other: '' };
    const code = (k: string) => `o${process.pid}${k}`;

    beforeAll(async () => {
      t = await createTestApp(kind);
      const db = t.app.ctx.db.db;
      await ensureTenant(db, OTHER_TENANT);
      const adminId = (await db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
      await db.insertInto('sysUserTenant').values({ id: newId(), userId: adminId, tenantId: OTHER_TENANT, createTime: nowText() }).execute();
      await tenantAdminRole(db, OTHER_TENANT, adminId);
      admin = client(t, await t.login());
      elsewhere = client(t, await t.login(), { tenant: OTHER_TENANT });
      const created = async (c: Client, body: object) => {
        const res = await c.post(ORG, body);
        expect(res.body.code, JSON.stringify(res.body)).toBe(200);
        return res.body.data.id as string;
      };
      org.top = await created(admin, { fullName: '检测中心', enCode: code('top') });
      org.child = await created(admin, { fullName: '分中心', enCode: code('child'), parentId: org.top });
      org.other = await created(elsewhere, { fullName: '别家中心', enCode: code('other') });
      depart.A = await insertDepart(db, code('A'), '检测部');
      depart.A1 = await insertDepart(db, code('A1'), '样品室');
      depart.B = await insertDepart(db, code('B'), '质量部');
      depart.C = await insertDepart(db, code('C'), '别家部门', OTHER_TENANT);
      await sql`update sys_depart set parent_id = ${depart.A}, organize_id = ${org.top} where id = ${depart.A1}`.execute(db);
      await sql`update sys_depart set organize_id = ${org.top} where id = ${depart.A}`.execute(db);
      await sql`update sys_depart set organize_id = ${org.child} where id = ${depart.B}`.execute(db);
      user.a = await insertUser(db, { username: code('ua'), password: 'Passw0rd1', departIds: [depart.A] });
      user.other = await insertUser(db, { username: code('uo'), password: 'Passw0rd1', departIds: [depart.C], tenantIds: [OTHER_TENANT] });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('serves organisations: list, Selector without the record and its descendants, Tree with departments', async () => {
      const list = await admin.get(ORG, { keyword: code('') });
      expect(list.body.data.list.map((o: { enCode: string }) => o.enCode).sort()).toEqual([code('child'), code('top')]);
      const selector = (await admin.get(`${ORG}/Selector/${org.child}`)).body.data.list;
      const top = selector.find((n: { id: string }) => n.id === org.top);
      expect(top).toMatchObject({ fullName: '检测中心', type: 'organize', children: [], hasChildren: false });
      const all = (await admin.get(`${ORG}/Selector/0`)).body.data.list.find((n: { id: string }) => n.id === org.top);
      expect(ids(all.children)).toEqual([org.child]);
      const tree = (await admin.get(`${ORG}/Tree`)).body.data.list;
      const topNode = tree.find((n: { id: string }) => n.id === org.top);
      expect(topNode.children.map((c: { type: string; id: string }) => [c.type, c.id])).toEqual([
        ['organize', org.child],
        ['department', depart.A],
      ]);
      expect(ids(topNode.children[0].children)).toEqual([depart.B]);
      expect(ids(topNode.children[1].children)).toEqual([depart.A1]);
      expect(JSON.stringify(tree)).not.toContain(org.other);
      expect(JSON.stringify(tree)).not.toContain(depart.C);
    });

    it('keeps an administrator per organisation, chosen among the tenant’s users', async () => {
      expect((await admin.get(`/api/permission/organizeAdminIsTrator/${org.top}`)).body.data).toEqual({ organizeId: org.top, userId: null, user: null });
      expect((await admin.put(`/api/permission/organizeAdminIsTrator/${org.top}`, { userId: user.other })).body).toMatchObject({
        error: 'CL_ERR_RECORD_NOT_FOUND',
      });
      const set = await admin.put(`/api/permission/organizeAdminIsTrator/${org.top}`, { userId: user.a });
      expect(set.body.data).toMatchObject({ organizeId: org.top, userId: user.a, user: { id: user.a, account: code('ua') } });
      expect((await admin.get(`${ORG}/${org.top}`)).body.data).toMatchObject({ adminId: user.a });
      expect((await admin.put(`/api/permission/organizeAdminIsTrator/${org.top}`, { userId: user.a, extra: 1 })).body).toMatchObject({ code: 400 });
      // another tenant's organisation is not found, whoever asks
      expect((await admin.get(`/api/permission/organizeAdminIsTrator/${org.other}`)).body).toMatchObject({ error: 'CL_ERR_RECORD_NOT_FOUND' });
      // the administrator slot is not a generic field: an edit may not set it
      const edit = await admin.put(`${ORG}/${org.child}`, { adminId: user.a, version: 1 });
      expect(edit.body).toMatchObject({ code: 400, error: 'CL_ERR_FIELD_READONLY' });
    });

    it('serves departments under an organisation, their Selector and CRUD', async () => {
      const of = (await admin.get(`${ORG}/${org.top}/Department`)).body.data.list;
      expect(ids(of)).toEqual([depart.A]);
      expect(ids(of[0].children)).toEqual([depart.A1]);
      expect(ids((await admin.get(`${ORG}/${org.top}/Department`, { keyword: '样品' })).body.data.list)).toEqual([depart.A1]);
      const selector = (await admin.get(`${ORG}/Department/Selector/${depart.A1}`)).body.data.list;
      const a = selector.find((n: { id: string }) => n.id === depart.A);
      expect(a.children).toEqual([]);
      const created = await admin.post(`${ORG}/Department`, { departName: '设备部', orgCode: code('E'), organizeId: org.child });
      expect(created.body.code).toBe(200);
      const id = created.body.data.id;
      expect((await admin.get(`${ORG}/Department/${id}`)).body.data).toMatchObject({ departName: '设备部', organizeId: org.child });
      expect((await admin.put(`${ORG}/Department/${id}/Actions/State`)).body.data.status).toBe(0);
      expect((await admin.del(`${ORG}/Department/${id}`)).body.code).toBe(200);
      expect(ids((await elsewhere.get(`${ORG}/${org.top}/Department`)).body.data.list)).toEqual([]);
    });

    it('answers the Jeecg department and user picker calls in the caller’s tenant', async () => {
      const tree = (await admin.get('/sys/sysDepart/queryTreeList')).body.result;
      const a = tree.find((n: { id: string }) => n.id === depart.A);
      expect(a).toMatchObject({ key: depart.A, value: depart.A, title: '检测部', departName: '检测部', orgCode: code('A'), isLeaf: false });
      expect(a.children[0]).toMatchObject({ id: depart.A1, isLeaf: true, parentId: depart.A });
      expect(JSON.stringify(tree)).not.toContain(depart.C);
      expect((await admin.get('/sys/sysDepart/queryIdTree')).body.result).toEqual(tree);
      expect(ids((await admin.get('/sys/sysDepart/searchBy', { keyWord: '样品' })).body.result)).toEqual([depart.A1]);
      expect((await admin.get('/sys/sysDepart/queryTreeList', { nope: 1 })).status).toBe(400);

      const page = (await admin.get('/sys/user/list', { username: code('u'), pageNo: 1, pageSize: 10 })).body.result;
      expect(page).toMatchObject({ total: 1, size: 10, current: 1, pages: 1 });
      expect(page.records[0]).toEqual({ id: user.a, username: code('ua'), realname: code('ua'), status: 1, orgCode: null, departIds: depart.A });
      expect((await admin.get('/sys/user/list', { departId: depart.A })).body.result.records.map((u: { id: string }) => u.id)).toEqual([user.a]);
      expect((await admin.get('/sys/user/queryById', { id: user.a })).body.result.username).toBe(code('ua'));
      expect((await admin.get('/sys/user/queryById', { id: user.other })).body).toMatchObject({ success: false, error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect(ids((await admin.get('/sys/user/queryByIds', { userIds: `${user.a},${user.other}` })).body.result)).toEqual([user.a]);
      expect(ids((await admin.get('/sys/user/queryUserByDepId', { id: depart.A })).body.result)).toEqual([user.a]);
      expect((await admin.get('/sys/user/list', { column: 'password' })).status).toBe(400);
      expect((await elsewhere.get('/sys/user/list', { username: code('u') })).body.result.records.map((u: { id: string }) => u.id)).toEqual([user.other]);
    });

    it('serves role and position pickers, by organisation and by what the caller may hand out', async () => {
      const db = t.app.ctx.db.db;
      const roleId = await insertRole(db, code('role'));
      await sql`update sys_role set organize_id = ${org.top} where id = ${roleId}`.execute(db);
      expect(ids((await admin.get('/api/permission/Role/Selector')).body.data.list)).toContain(roleId);
      expect(ids((await admin.post('/api/permission/Role/getListByOrgIds', { organizeIds: [org.top] })).body.data.list)).toEqual([roleId]);
      // a user holding only the role pickers may hand out no role granting more than that
      const picker = await userWith(t, ['system:role:select']);
      const offered = ids((await picker.get('/api/permission/Role/SelectorByPermission')).body.data.list);
      expect(offered).toContain(roleId);
      expect(offered).not.toContain('role-admin');
      expect(ids((await admin.get('/api/permission/Role/SelectorByPermission')).body.data.list)).toContain('role-admin');

      const position = (await admin.post('/api/permission/Position', { fullName: '样品管理员', enCode: code('P'), organizeId: depart.A1 })).body.data;
      expect(ids((await admin.get('/api/permission/Position/All')).body.data.list)).toContain(position.id);
      expect(ids((await admin.get('/api/permission/Position/Selector')).body.data.list)).toContain(position.id);
      expect(ids((await admin.post('/api/permission/Position/getListByOrgIds', { organizeIds: [org.top] })).body.data.list)).toEqual([position.id]);
      expect(ids((await admin.post('/api/permission/Position/getListByOrgIds', { organizeIds: [org.child] })).body.data.list)).toEqual([]);
      expect((await admin.post('/api/permission/Position/getListByOrgIds', { organizeIds: 'x'.repeat(70) })).body).toMatchObject({ code: 400 });
    });

    it('refuses each call without its permission code', async () => {
      const lister = await userWith(t, ['system:organize:list']);
      expect((await lister.get(ORG)).body.code).toBe(200);
      for (const [method, url] of [
        ['GET', `${ORG}/Tree`],
        ['GET', `${ORG}/Selector/0`],
        ['PUT', `/api/permission/organizeAdminIsTrator/${org.top}`],
        ['POST', ORG],
        ['GET', `${ORG}/${org.top}/Department`],
        ['GET', `${ORG}/Department/Selector/0`],
        ['GET', '/api/permission/Role/Selector'],
        ['POST', '/api/permission/Role/getListByOrgIds'],
        ['GET', '/api/permission/Position/All'],
        ['PUT', `${ORG}/${org.child}`],
        ['PUT', `${ORG}/${org.child}/Actions/State`],
        ['DELETE', `${ORG}/${org.child}`],
        ['POST', `${ORG}/Department`],
        ['GET', `${ORG}/Department/${depart.B}`],
        ['PUT', `${ORG}/Department/${depart.B}`],
        ['PUT', `${ORG}/Department/${depart.B}/Actions/State`],
        ['DELETE', `${ORG}/Department/${depart.B}`],
        ['GET', '/api/permission/Role'],
        ['GET', '/api/permission/Role/SelectorByPermission'],
        ['GET', '/api/permission/Position'],
        ['GET', '/api/permission/Position/Selector'],
        ['POST', '/api/permission/Position/getListByOrgIds'],
      ] as const) {
        const res =
          method === 'GET'
            ? await lister.get(url)
            : method === 'PUT'
              ? await lister.put(url, {})
              : method === 'DELETE'
                ? await lister.del(url)
                : await lister.post(url, {});
        expect(res.status, `${method} ${url}`).toBe(403);
      }
    });
  });
});
