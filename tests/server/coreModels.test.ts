import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, userWith, type Client, type Reply } from './engineSupport.js';

interface MenuNode {
  meta: { title: string };
  hidden?: boolean;
  children?: MenuNode[];
}

const matrix = await databaseMatrix();

interface CoreCase {
  name: string;
  prefix: string;
  base: string;
  dialect: 'api' | 'jeecg';
  create: () => Record<string, unknown>;
  edit: Record<string, unknown>;
}

let seq = 0;
const unique = () => `${process.pid.toString(36)}${(++seq).toString(36)}`;

const CASES: CoreCase[] = [
  {
    name: 'users',
    prefix: 'system:user:',
    base: '/api/permission/Users',
    dialect: 'api',
    create: () => ({ username: `cm${unique()}`, realname: '张三', password: 'Start1234x' }),
    edit: { realname: '李四' },
  },
  {
    name: 'roles',
    prefix: 'system:role:',
    base: '/api/permission/Role',
    dialect: 'api',
    create: () => ({ roleName: '检测员', roleCode: `r${unique()}` }),
    edit: { roleName: '审核员' },
  },
  {
    name: 'departments',
    prefix: 'system:depart:',
    base: '/api/permission/Organize/Department',
    dialect: 'api',
    create: () => ({ departName: '力学室', orgCode: `D${unique()}` }),
    edit: { departName: '化学室' },
  },
  {
    name: 'dictionaries',
    prefix: 'system:dict:',
    base: '/api/system/DictionaryType',
    dialect: 'api',
    create: () => ({ dictName: '样品状态', dictCode: `d${unique()}` }),
    edit: { dictName: '样品类别' },
  },
  { name: 'tenants', prefix: 'system:tenant:', base: '/sys/tenant', dialect: 'jeecg', create: () => ({ name: `分公司${unique()}` }), edit: { name: '总公司' } },
];

const REFUSED = 'CL_ERR_NO_PERMISSION';
const CODES = (prefix: string) => ['list', 'add', 'edit', 'delete'].map((a) => `${prefix}${a}`);

/** The record of an answer in either dialect. */
const data = (reply: Reply) => (reply.body.data ?? reply.body.result) as Record<string, unknown>;
const rows = (reply: Reply) => (reply.body.data?.list ?? reply.body.result?.records) as Record<string, unknown>[];

function routes(c: CoreCase, id?: string | number) {
  return c.dialect === 'api'
    ? { list: c.base, create: c.base, get: `${c.base}/${id}`, edit: `${c.base}/${id}`, del: `${c.base}/${id}`, query: {} as Record<string, string> }
    : {
        list: `${c.base}/list`,
        create: `${c.base}/add`,
        get: `${c.base}/queryById`,
        edit: `${c.base}/edit`,
        del: `${c.base}/delete`,
        query: { id: String(id) },
      };
}

describe.each(matrix)('$kind: the core tables are models with generic CRUD', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let nobody: Client;

    beforeAll(async () => {
      t = await createTestApp(kind);
      nobody = await userWith(t, []);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('loads every core model from schemas/system/models', () => {
      // views (system.onlineUser over sys_user) share their model's table: the table's model is the one that declares it
      const tables = Object.fromEntries([...t.app.ctx.modules.models.values()].filter((m) => !m.viewOf).map((m) => [m.entity.table, m.id]));
      expect(tables).toMatchObject({
        sys_user: 'system.user',
        sys_role: 'system.role',
        sys_user_role: 'system.userRole',
        sys_permission: 'system.permission',
        sys_role_permission: 'system.rolePermission',
        sys_depart: 'system.depart',
        sys_user_depart: 'system.userDepart',
        sys_user_position: 'system.userPosition',
        sys_dict: 'system.dict',
        sys_dict_item: 'system.dictItem',
        sys_tenant: 'system.tenant',
        sys_user_tenant: 'system.userTenant',
      });
    });

    it('shows the admin every core model under 系统管理, each menu carrying its model’s buttons', async () => {
      const res = await t.request({ method: 'GET', url: '/sys/permission/getUserPermissionByToken', token: await t.login() });
      const { menu, auth } = res.json().result as { menu: MenuNode[]; auth: { action: string }[] };
      const system = menu.find((m) => m.meta.title === '系统管理')!;
      const visible = system.children!.filter((m) => !m.hidden).map((m) => m.meta.title);
      expect(visible).toEqual([
        '用户管理',
        '在线用户',
        '角色管理',
        '角色成员',
        '菜单管理',
        '组织管理',
        '部门管理',
        '岗位管理',
        '数据字典',
        '分类字典',
        '数据规则',
        '角色数据规则',
        '角色字段权限',
        '单据规则',
        '行政区划',
        '校验规则',
        '系统日志',
        '定时任务',
        '任务运行日志',
        '数据日志',
        '回收站',
        '系统公告',
        '租户管理',
      ]);
      // link tables have a hidden menu, so their buttons sit in the permission tree under a parent
      expect(system.children!.filter((m) => m.hidden).map((m) => m.meta.title)).toEqual(['角色授权', '用户部门', '用户岗位', '字典项', '租户成员']);
      const codes = new Set(auth.map((a) => a.action));
      for (const prefix of ['system:user:', 'system:role:', 'system:depart:', 'system:dict:', 'system:tenant:', 'system:billRule:']) {
        for (const action of ['list', 'add', 'edit', 'delete']) expect(codes.has(`${prefix}${action}`), `${prefix}${action}`).toBe(true);
      }
      const buttons = await t.app.ctx.db.db
        .selectFrom('sysPermission')
        .select(['id', 'parentId'])
        .where('id', 'in', ['btn:system:user:add', 'btn:system:dictItem:add', 'btn:system:tenant:list'])
        .execute();
      expect(Object.fromEntries(buttons.map((b) => [b.id, b.parentId]))).toEqual({
        'btn:system:user:add': 'system.user',
        'btn:system:dictItem:add': 'system.dictItem',
        'btn:system:tenant:list': 'system.tenant',
      });
    });

    describe.each(CASES)('$name', (c) => {
      it('refuses the list, a read and a create without the permission', async () => {
        const r = routes(c, 'x');
        expect((await nobody.get(r.list)).body.error).toBe(REFUSED);
        expect((await nobody.get(r.get, r.query)).body.error).toBe(REFUSED);
        expect((await nobody.post(r.create, c.create())).body.error).toBe(REFUSED);
      });

      it('creates, reads, lists, edits and deletes with the permission', async () => {
        const user = await userWith(t, CODES(c.prefix));
        const created = await user.post(routes(c).create, c.create());
        expect(created.body.code, JSON.stringify(created.body)).toBe(200);
        const record = data(created);
        const r = routes(c, record.id as string);
        expect(data(await user.get(r.get, r.query))).toMatchObject({ id: record.id });
        expect(rows(await user.get(r.list, { pageSize: 500 })).map((row) => row.id)).toContain(record.id);
        const edited = await user.put(
          r.edit,
          { ...(c.dialect === 'jeecg' ? { id: record.id } : {}), ...c.edit, version: record.version },
          c.dialect === 'api' ? undefined : {},
        );
        expect(edited.body.code, JSON.stringify(edited.body)).toBe(200);
        expect(data(edited)).toMatchObject(c.edit);
        const deleted = await user.del(r.del, r.query);
        expect(deleted.body.code, JSON.stringify(deleted.body)).toBe(200);
        expect((await user.get(r.get, r.query)).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      });

      it('refuses an edit to someone who may only list', async () => {
        const admin = client(t, await t.login());
        const record = data(await admin.post(routes(c).create, c.create()));
        const reader = await userWith(t, [`${c.prefix}list`]);
        const r = routes(c, record.id as string);
        expect(data(await reader.get(r.get, r.query))).toMatchObject({ id: record.id });
        expect((await reader.put(r.edit, { ...(c.dialect === 'jeecg' ? { id: record.id } : {}), ...c.edit, version: record.version })).body.error).toBe(
          REFUSED,
        );
        expect((await reader.del(r.del, r.query)).body.error).toBe(REFUSED);
      });
    });

    describe('users', () => {
      const BASE = '/api/permission/Users';

      it('never answers a password or a salt, and stores only the scrypt hash', async () => {
        const admin = client(t, await t.login());
        const username = `pw${unique()}`;
        const answers: Reply[] = [];
        const created = await admin.post(BASE, { username, realname: '王五', password: 'Secret9876x' });
        answers.push(created);
        const id = data(created).id as string;
        answers.push(await admin.get(`${BASE}/${id}`));
        answers.push(await admin.get(BASE, { pageSize: 500 }));
        answers.push(await admin.put(`${BASE}/${id}`, { realname: '王六', version: data(created).version }));
        answers.push(await admin.get(BASE, { keyword: username }));
        for (const answer of answers) {
          expect(answer.status).toBe(200);
          expect(JSON.stringify(answer.body)).not.toMatch(/Secret9876x|scrypt|"password"|"salt"/);
        }
        const stored = await t.app.ctx.db.db
          .selectFrom('sysUser')
          .select(['password', 'salt', 'mustChangePassword'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(stored.password).toMatch(/^scrypt\$/);
        expect(stored.salt).toMatch(/^[0-9a-f]{32}$/);
        // an administrator chose it: the user changes it at first sign-in
        expect(stored.mustChangePassword).toBe(1);
        const login = await t.request({ method: 'POST', url: '/sys/login', payload: { username, password: 'Secret9876x' } });
        expect(login.json()).toMatchObject({ success: true, result: { userInfo: { username, mustChangePassword: true } } });
      });

      it('takes the staff record’s columns from the staff module’s extension, with their rules', async () => {
        const admin = client(t, await t.login());
        const staff = {
          workNo: 'G-001',
          sex: 2,
          idcard: '11010519491231002X',
          phone: '13800138000',
          email: 'zhang@lab.cn',
          hiredate: '2020-03-01',
          educationExperience: '2010-2014 某大学',
          avatar: ['avatar/1.png'],
        };
        const created = await admin.post(BASE, { username: `st${unique()}`, realname: '员工', password: 'Start1234s', ...staff });
        expect(created.body, JSON.stringify(created.body)).toMatchObject({ code: 200, data: { ...staff, avatar: 'avatar/1.png', sex_dictText: '女' } });
        const found = await admin.get(BASE, { workNo: 'G-001' });
        expect(found.body.data.list.map((u: { workNo: string }) => u.workNo)).toEqual(['G-001']);
        const bad = await admin.post(BASE, { username: `sb${unique()}`, realname: '员工', password: 'Start1234s', idcard: '123', phone: '12345' });
        expect(bad.body).toMatchObject({
          error: 'CL_ERR_VALIDATION',
          data: {
            errors: [
              { field: 'idcard', message: '身份证号格式不对!' },
              { field: 'phone', message: '请输入正确的手机号码!' },
            ],
          },
        });
      });

      it('refuses a weak first password, a password in an edit, and the server-kept fields', async () => {
        const admin = client(t, await t.login());
        const weak = await admin.post(BASE, { username: `wk${unique()}`, realname: '弱', password: '123456' });
        expect(weak.body).toMatchObject({ error: 'CL_ERR_PASSWORD_WEAK' });
        const created = data(await admin.post(BASE, { username: `ed${unique()}`, realname: '编', password: 'Start1234y' }));
        const withPassword = await admin.put(`${BASE}/${created.id}`, { password: 'Other1234z', version: created.version });
        expect(withPassword.body).toMatchObject({ error: 'CL_ERR_FIELD_READONLY' });
        for (const field of ['salt', 'loginFailCount', 'lockedUntil', 'mustChangePassword']) {
          const refused = await admin.put(`${BASE}/${created.id}`, { [field]: field === 'salt' ? 'x' : 0, version: created.version });
          expect(refused.status, field).toBe(400);
        }
        const login = await t.request({ method: 'POST', url: '/sys/login', payload: { username: created.username, password: 'Start1234y' } });
        expect(login.json().success).toBe(true);
      });

      it('freezes a user through the state operation: its session ends', async () => {
        const admin = client(t, await t.login());
        const created = data(await admin.post(BASE, { username: `fz${unique()}`, realname: '冻', password: 'Start1234w' }));
        const token = (await t.request({ method: 'POST', url: '/sys/login', payload: { username: created.username, password: 'Start1234w' } })).json().result
          .token;
        const frozen = await admin.put(`${BASE}/${created.id}/Actions/State`);
        expect(data(frozen)).toMatchObject({ status: 2 });
        const after = await t.request({ method: 'GET', url: '/sys/permission/getUserPermissionByToken', token });
        expect(after.statusCode).toBe(401);
      });
    });

    it('gives tenants the next free number as id', async () => {
      const admin = client(t, await t.login());
      const a = data(await admin.post('/sys/tenant/add', { name: `甲${unique()}` }));
      const b = data(await admin.post('/sys/tenant/add', { name: `乙${unique()}` }));
      expect(typeof a.id).toBe('number');
      expect(b.id).toBe((a.id as number) + 1);
    });

    it('keeps link rows unique: a user is in a role once', async () => {
      const admin = client(t, await t.login());
      const user = data(await admin.post('/api/permission/Users', { username: `ln${unique()}`, realname: '链', password: 'Start1234v' }));
      const first = await admin.post('/api/permission/UserRole', { userId: user.id, roleId: 'role-admin' });
      expect(first.status).toBe(200);
      const again = await admin.post('/api/permission/UserRole', { userId: user.id, roleId: 'role-admin' });
      expect(again.body).toMatchObject({ error: 'CL_ERR_RECORD_DUPLICATE' });
    });

    it('adds a dictionary item that the dictionary endpoints then serve', async () => {
      const admin = client(t, await t.login());
      const dict = data(await admin.post('/api/system/DictionaryType', { dictName: '检测类别', dictCode: `dc${unique()}` }));
      const item = await admin.post('/api/system/DictionaryData', { dictId: dict.id, itemText: '钢筋', itemValue: 'steel' });
      expect(item.status, JSON.stringify(item.body)).toBe(200);
      const items = await admin.get('/api/system/DictionaryData', { dictId: dict.id as string });
      expect(rows(items).map((r) => r.itemValue)).toEqual(['steel']);
    });
  });
});
