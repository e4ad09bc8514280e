import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { ADMIN_ROLE_CODE } from '../../server/db/coreIds.js';
import { ensureTenant, insertUser, tenantAdminRole } from '../helpers/testRows.js';

const matrix = await databaseMatrix();
const PASSWORD = 'Columns2024x';
const GET = (id: string) => `/api/permission/Authority/GetColumnsByModuleId/${encodeURIComponent(id)}`;
const SET = '/api/permission/Authority/SetColumnsByModuleId';

const columns = [
  { prop: 'enCode', label: '岗位编码', visible: true },
  { prop: 'fullName', label: '岗位名称', visible: false },
  { prop: 'createTime', label: '创建时间', visible: true },
];

describe.each(matrix)('$kind: list column settings per user, tenant and model', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: string;

    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = await t.login();
    });
    afterAll(async () => {
      await t?.close();
    });

    let serial = 0;
    const save = (token: string, moduleId: string, fieldList: unknown, tenant?: number) =>
      t.request({
        method: 'PUT',
        url: SET,
        token,
        tenant,
        payload: { moduleId, fieldList: typeof fieldList === 'string' ? fieldList : JSON.stringify(fieldList) },
      });
    const read = async (token: string, moduleId: string, tenant?: number) => (await t.request({ method: 'GET', url: GET(moduleId), token, tenant })).json();

    it('answers null until saved, then the saved list; an empty list restores the default', async () => {
      // each case uses a model of its own: cases run shuffled on one database
      expect(await read(admin, 'system.position')).toMatchObject({ code: 200, data: null });
      const res = await save(admin, 'system.position', columns);
      expect(res.json()).toMatchObject({ code: 200, msg: '操作成功！' });
      const body = await read(admin, 'system.position');
      expect(body.data.moduleId).toBe('system.position');
      expect(JSON.parse(body.data.fieldList)).toEqual(columns);
      await save(admin, 'system.position', [columns[2]]);
      expect(JSON.parse((await read(admin, 'system.position')).data.fieldList)).toEqual([columns[2]]);
      await save(admin, 'system.position', []);
      expect((await read(admin, 'system.position')).data).toBeNull();
    });

    it('keeps one user’s settings from another and from the same user in another tenant', async () => {
      const username = `cols${++serial}`;
      await ensureTenant(t.app.ctx.db.db, 2);
      const roleId = (await t.app.ctx.db.db.selectFrom('sysRole').select('id').where('roleCode', '=', ADMIN_ROLE_CODE).executeTakeFirstOrThrow()).id;
      const userId = await insertUser(t.app.ctx.db.db, { username, password: PASSWORD, roleIds: [roleId], tenantIds: [1, 2] });
      await tenantAdminRole(t.app.ctx.db.db, 2, userId);
      const other = await t.login(username, PASSWORD);
      await save(
        admin,
        'system.role',
        columns.slice(0, 1).map((c) => ({ ...c, prop: 'roleName' })),
      );
      expect((await read(other, 'system.role')).data).toBeNull();
      await save(other, 'system.role', [{ prop: 'roleCode', label: '角色编码', visible: false }], 2);
      expect((await read(other, 'system.role', 1)).data).toBeNull();
      expect(JSON.parse((await read(other, 'system.role', 2)).data.fieldList)).toEqual([{ prop: 'roleCode', label: '角色编码', visible: false }]);
      expect(JSON.parse((await read(admin, 'system.role')).data.fieldList)[0].prop).toBe('roleName');
    });

    it('refuses props that are not fields of the model, repeats, bad shapes and non-JSON, saving nothing', async () => {
      for (const bad of [
        [{ prop: 'password', label: 'x', visible: true }],
        [columns[0], columns[0]],
        [{ prop: 'enCode', visible: 'yes' }],
        [{ prop: 'enCode', visible: true, sql: 'x' }],
        'not json',
        '{}',
      ]) {
        const res = await save(admin, 'system.tenant', bad);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: 'CL_ERR_BAD_REQUEST' });
      }
      expect((await read(admin, 'system.tenant')).data).toBeNull();
    });

    it('answers an unknown model and a model the caller may not list alike, and needs a session', async () => {
      const username = `nolist${++serial}`;
      await insertUser(t.app.ctx.db.db, { username, password: PASSWORD });
      const plain = await t.login(username, PASSWORD);
      const unknown = await t.request({ method: 'GET', url: GET('system.nothing'), token: plain });
      const hidden = await t.request({ method: 'GET', url: GET('system.position'), token: plain });
      expect(hidden.statusCode).toBe(unknown.statusCode);
      expect(hidden.json().error).toBe('CL_ERR_MODEL_UNKNOWN');
      expect(hidden.json().msg.replace('system.position', 'X')).toBe(unknown.json().msg.replace('system.nothing', 'X'));
      expect((await save(plain, 'system.position', columns)).json().error).toBe('CL_ERR_MODEL_UNKNOWN');
      expect((await t.request({ method: 'GET', url: GET('system.position') })).statusCode).toBe(401);
    });
  });
});
