import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { grant, insertDepart, insertRole, insertUser } from '../helpers/testRows.js';
import { client, type Client } from './engineSupport.js';
import { readWorkbook } from './xlsxSupport.js';

// Per-role list columns and form fields (system.roleField): a hidden field is neither answered nor
// exported nor usable in a filter or sort, a read-only one is answered but never written; the served
// model tells the renderer the same. Roles are OR-ed: another role leaving the field open opens it.

const matrix = await databaseMatrix();
const BASE = '/api/permission/Position';
const CODES = ['list', 'add', 'edit', 'export'].map((a) => `btn:system:position:${a}`);

describe.each(matrix)('$kind: hidden and read-only fields per role', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let seq = 0;
    let positionId = '';
    const restricted = { role: '', open: '' };

    const restrict = async (roleId: string, field: string, access: 'hidden' | 'readonly') => {
      const res = await admin.post('/sys/roleField/add', { roleId, modelId: 'system.position', field, access });
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    };
    const userWithRoles = async (roleIds: string[]) => {
      const username = `rf${process.pid}u${++seq}`;
      await insertUser(t.app.ctx.db.db, { username, password: 'Passw0rd1', roleIds });
      const token = await t.login(username, 'Passw0rd1');
      return { api: client(t, token), token };
    };

    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
      const db = t.app.ctx.db.db;
      restricted.role = await insertRole(db, `rf${process.pid}restricted`);
      restricted.open = await insertRole(db, `rf${process.pid}open`);
      await grant(db, restricted.role, CODES);
      await grant(db, restricted.open, CODES);
      await restrict(restricted.role, 'description', 'hidden');
      await restrict(restricted.role, 'sortCode', 'readonly');
      const created = await admin.post(BASE, { fullName: '字段岗位', enCode: `RF${process.pid}`, sortCode: 7, description: '机密说明' });
      expect(created.body.code).toBe(200);
      positionId = created.body.data.id;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('leaves a hidden field out of the list, the record, the export and the served model', async () => {
      const { api, token } = await userWithRoles([restricted.role]);
      const list = await api.get(BASE, { keyword: `RF${process.pid}` });
      const row = (list.body.data.list as { id: string }[]).find((r) => r.id === positionId);
      expect(row).not.toHaveProperty('description');
      expect(row).toMatchObject({ enCode: `RF${process.pid}`, sortCode: 7 });
      for (const other of list.body.data.list) expect(other).not.toHaveProperty('description');
      const one = await api.get(`${BASE}/${positionId}`);
      expect(one.body.data).not.toHaveProperty('description');
      const exported = await t.request({ method: 'GET', url: `${BASE}/Actions/Export`, token, query: { keyword: `RF${process.pid}` } });
      expect(exported.statusCode).toBe(200);
      const cells = [...(await readWorkbook(exported.rawPayload)).sheets.values()].flat(2).map(String);
      expect(cells).toContain(`RF${process.pid}`);
      expect(cells).not.toContain('机密说明');
      expect(cells).not.toContain('不该写入');
      expect(cells).not.toContain('说明');
      const served = await api.get('/system/model/system.position');
      expect(served.body.result.fieldAccess).toEqual({ hidden: ['description'], readOnly: ['sortCode'] });
      expect((await admin.get('/system/model/system.position')).body.result).not.toHaveProperty('fieldAccess');
    });

    it('refuses a filter, sort or advanced query on a hidden field', async () => {
      const { api } = await userWithRoles([restricted.role]);
      expect((await api.get(BASE, { sidx: 'description', sort: 'asc' })).body.error).toBe('CL_ERR_FIELD_UNKNOWN');
      const superQuery = JSON.stringify([{ field: 'description', rule: 'like', val: '机密' }]);
      expect((await api.get(BASE, { superQueryParams: superQuery })).body.error).toBe('CL_ERR_FIELD_UNKNOWN');
    });

    it('reads a hidden field as null through configured SQL (a data interface), for that caller only', async () => {
      const created = await admin.post('/api/system/DataInterface', {
        fullName: 'positions',
        enCode: `sql.rf${process.pid}x${++seq}`,
        categoryId: 'base',
        enabledMark: 1,
        dataType: 1,
        query: 'select id, en_code, description from sys_position',
      });
      expect(created.body.code, JSON.stringify(created.body)).toBe(200);
      const url = `/api/system/DataInterface/${created.body.data.id}`;
      const rowOf = (body: { data: { id: string }[] }) => body.data.find((r) => r.id === positionId);
      const { api } = await userWithRoles([restricted.role]);
      expect(rowOf((await api.get(`${url}/Actions/Response`)).body)).toMatchObject({ en_code: `RF${process.pid}`, description: null });
      // nor does a picker's keyword find the row by the hidden value
      expect((await api.get(`${url}/Action/List`, { keyword: '机密' })).body.data.pagination.total).toBe(0);
      const open = await userWithRoles([restricted.open]);
      expect(rowOf((await open.api.get(`${url}/Actions/Response`)).body)).toMatchObject({ description: '机密说明' });
    });

    it('answers a table dictionary over a field the caller hides like an unknown table, and a picker lookup with null', async () => {
      const roleId = await insertRole(t.app.ctx.db.db, `rf${process.pid}name${++seq}`);
      await grant(t.app.ctx.db.db, roleId, CODES);
      await restrict(roleId, 'fullName', 'hidden');
      const { api } = await userWithRoles([roleId]);
      const unknown = await api.get('/sys/dict/loadDict/sys_no_such_table,fullName,id');
      expect(unknown.body).toMatchObject({ error: 'CL_ERR_DICT_TABLE_UNKNOWN' });
      for (const url of ['/sys/dict/loadDict/sys_position,fullName,id', '/sys/dict/loadDict/sys_position,enCode,fullName']) {
        const refused = await api.get(url, { keyword: '岗位' });
        expect(refused.status).toBe(unknown.status);
        expect(refused.body).toMatchObject({ success: false, error: 'CL_ERR_DICT_TABLE_UNKNOWN' });
        expect(JSON.stringify(refused.body)).not.toContain('岗位');
      }
      const texts = await api.get('/sys/dict/loadDictItem/sys_position,fullName,id', { key: positionId });
      expect(texts.body).toMatchObject({ success: false, error: 'CL_ERR_DICT_TABLE_UNKNOWN' });
      // a field it leaves open still serves, and so does the hidden one to a caller who sees it
      expect((await api.get('/sys/dict/loadDict/sys_position,enCode,id', { keyword: `RF${process.pid}` })).body).toMatchObject({ success: true });
      const open = await userWithRoles([restricted.open]);
      expect((await open.api.get('/sys/dict/loadDictItem/sys_position,fullName,id', { key: positionId })).body).toMatchObject({ success: true });
      // the positions picker (api.lookups, /sys/position/select) shows the hidden name as null
      const picked = (await api.get('/sys/position/select')).body.result.find((o: { code: string }) => o.code === `RF${process.pid}`);
      expect(picked).toEqual({ code: `RF${process.pid}`, name: null });
      const shown = (await open.api.get('/sys/position/select')).body.result.find((o: { code: string }) => o.code === `RF${process.pid}`);
      expect(shown.name).toEqual(expect.any(String));
    });

    it("leaves a reference label out when the caller's roles hide its source field on the referenced model", async () => {
      const db = t.app.ctx.db.db;
      const roleId = await insertRole(db, `rf${process.pid}label${++seq}`);
      const openRole = await insertRole(db, `rf${process.pid}labelopen${seq}`);
      for (const role of [roleId, openRole]) await grant(db, role, ['btn:staff:education:list']);
      const hide = await admin.post('/sys/roleField/add', { roleId, modelId: 'system.user', field: 'realname', access: 'hidden' });
      expect(hide.body.success, JSON.stringify(hide.body)).toBe(true);
      const memberId = await insertUser(db, { username: `rf${process.pid}m${seq}`, password: 'Passw0rd1' });
      await sql`update sys_user set realname = ${'机密姓名'} where id = ${memberId}`.execute(db);
      expect((await admin.post('/system/sysUserEducation/add', { userId: memberId, school: `RF school ${seq}` })).body).toMatchObject({ success: true });
      const labelOf = async (api: Client) => {
        const res = await api.get('/system/sysUserEducation/list', { userId: memberId });
        expect(res.body.success, JSON.stringify(res.body)).toBe(true);
        return res.body.result.records[0].userId_dictText;
      };
      // system.user's list leaves realname out for this role: education's userId_dictText must not show it either
      const { api } = await userWithRoles([roleId]);
      expect(await labelOf(api)).toBe(memberId);
      expect(JSON.stringify((await api.get('/system/sysUserEducation/list', { userId: memberId })).body)).not.toContain('机密姓名');
      const open = await userWithRoles([openRole]);
      expect(await labelOf(open.api)).toBe('机密姓名');
    });

    it("leaves a user's name the caller's roles hide out of the user pickers, their searches and their order", async () => {
      const db = t.app.ctx.db.db;
      const roleId = await insertRole(db, `rf${process.pid}picker${++seq}`);
      const openRole = await insertRole(db, `rf${process.pid}pickeropen${seq}`);
      for (const role of [roleId, openRole]) await grant(db, role, ['btn:system:user:select', 'btn:system:onlineUser:online']);
      for (const modelId of ['system.user', 'system.onlineUser']) {
        const hide = await admin.post('/sys/roleField/add', { roleId, modelId, field: 'realname', access: 'hidden' });
        expect(hide.body.success, JSON.stringify(hide.body)).toBe(true);
      }
      const account = `rf${process.pid}p${seq}`;
      // a name of its own: the reference-label case names another member 机密姓名
      const secret = `保密姓名${seq}`;
      const departId = await insertDepart(db, `RFP${process.pid}${seq}`, '字段部门');
      const memberId = await insertUser(db, { username: account, password: 'Passw0rd1', departIds: [departId] });
      await sql`update sys_user set realname = ${secret} where id = ${memberId}`.execute(db);
      await t.login(account, 'Passw0rd1'); // a live session for 在线用户
      const { api } = await userWithRoles([roleId]);
      const pickers = [
        () => api.get('/sys/user/list', { username: account }),
        () => api.get('/sys/user/queryById', { id: memberId }),
        () => api.get('/sys/user/queryByIds', { userIds: memberId }),
        () => api.get('/sys/user/queryUserByDepId', { id: departId }),
        () => api.get('/api/permission/Users/ImUser', { keyword: account }),
        () => api.post('/api/permission/Users/getUserList', { userId: [memberId] }),
        () => api.get('/api/permission/Users/Selector'),
        () => api.get('/api/permission/OnlineUsers', { keyword: account }),
      ];
      for (const call of pickers) {
        const res = await call();
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const text = JSON.stringify(res.body);
        expect(text).toContain(account);
        expect(text).not.toContain(secret);
      }
      // a search by the hidden name finds nobody, and a sort by it is refused as on the users list
      expect((await api.get('/sys/user/list', { realname: '保密' })).body.result.total).toBe(0);
      expect((await api.get('/sys/user/list', { keyword: '保密' })).body.result.total).toBe(0);
      expect((await api.get('/api/permission/Users/ImUser', { keyword: '保密' })).body.data.pagination.total).toBe(0);
      expect((await api.post(`/api/permission/Users/ImUser/Selector/0`, { keyword: '保密' })).body.data.list).toEqual([]);
      expect((await api.get('/api/permission/OnlineUsers', { keyword: '保密' })).body.data.pagination.total).toBe(0);
      expect((await api.get('/sys/user/list', { column: 'realname', order: 'asc' })).body.error).toBe('CL_ERR_FIELD_UNKNOWN');
      // a role leaving the name open still reads and finds it
      const open = await userWithRoles([openRole]);
      expect((await open.api.get('/sys/user/queryById', { id: memberId })).body.result.realname).toBe(secret);
      expect((await open.api.get('/sys/user/list', { keyword: secret })).body.result.total).toBe(1);
      const imUser = await open.api.get('/api/permission/Users/ImUser', { keyword: secret });
      expect(imUser.body.data.list).toEqual([expect.objectContaining({ id: memberId, fullName: `${secret}/${account}` })]);
    });

    it("answers an organisation's administrator without the name the caller's roles hide", async () => {
      const db = t.app.ctx.db.db;
      const roleId = await insertRole(db, `rf${process.pid}orgadmin${++seq}`);
      await grant(db, roleId, ['btn:system:organize:list', 'btn:system:organize:admin']);
      const hide = await admin.post('/sys/roleField/add', { roleId, modelId: 'system.user', field: 'realname', access: 'hidden' });
      expect(hide.body.success, JSON.stringify(hide.body)).toBe(true);
      const account = `rf${process.pid}oa${seq}`;
      const secret = `管理姓名${seq}`;
      const memberId = await insertUser(db, { username: account, password: 'Passw0rd1' });
      await sql`update sys_user set realname = ${secret} where id = ${memberId}`.execute(db);
      const organize = await admin.post('/api/permission/Organize', { fullName: `组织${seq}`, enCode: `RFO${process.pid}${seq}` });
      expect(organize.body.code, JSON.stringify(organize.body)).toBe(200);
      const url = `/api/permission/organizeAdminIsTrator/${organize.body.data.id}`;
      expect((await admin.put(url, { userId: memberId })).body.data.user.realName).toBe(secret);
      const { api } = await userWithRoles([roleId]);
      for (const res of [await api.get(url), await api.put(url, { userId: memberId })]) {
        expect(res.body.code, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data.user).toMatchObject({ id: memberId, account, fullName: account });
        expect(JSON.stringify(res.body)).not.toContain(secret);
      }
    });

    it('never writes a read-only or hidden field, on create or edit', async () => {
      const { api } = await userWithRoles([restricted.role]);
      const current = (await admin.get(`${BASE}/${positionId}`)).body.data;
      const edited = await api.put(`${BASE}/${positionId}`, { fullName: '改名岗位', sortCode: 99, description: '篡改', version: current.version });
      expect(edited.body.code, JSON.stringify(edited.body)).toBe(200);
      const { rows } = await sql<{ fullName: string; sortCode: number; description: string }>`select full_name as "fullName", sort_code as "sortCode",
        description from sys_position where id = ${positionId}`.execute(t.app.ctx.db.db);
      expect({ ...rows[0], sortCode: Number(rows[0]!.sortCode) }).toEqual({ fullName: '改名岗位', sortCode: 7, description: '机密说明' });
      const created = await api.post(BASE, { fullName: '新岗位', enCode: `RF${process.pid}N`, sortCode: 5, description: '不该写入' });
      expect(created.body.code, JSON.stringify(created.body)).toBe(200);
      const fresh = await admin.get(`${BASE}/${created.body.data.id}`);
      expect(fresh.body.data).toMatchObject({ sortCode: 0, description: null });
    });

    it('opens the field again when another role of the user leaves it open, and refuses a bad restriction', async () => {
      const { api } = await userWithRoles([restricted.role, restricted.open]);
      expect((await api.get(`${BASE}/${positionId}`)).body.data).toHaveProperty('description', '机密说明');
      expect((await api.get('/system/model/system.position')).body.result).not.toHaveProperty('fieldAccess');
      const bad = await admin.post('/sys/roleField/add', { roleId: restricted.role, modelId: 'system.position', field: 'password', access: 'hidden' });
      expect(bad.body).toMatchObject({ success: false, error: 'CL_ERR_ROLE_FIELD_UNKNOWN' });
      const unknown = await admin.post('/sys/roleField/add', { roleId: restricted.role, modelId: 'system.nothing', field: 'x', access: 'hidden' });
      expect(unknown.body).toMatchObject({ success: false, error: 'CL_ERR_DATA_RULE_MODEL_UNKNOWN' });
    });
  });
});
