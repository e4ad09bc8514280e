import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, FIXTURE_ROOT, userWith, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const BASE = '/api/permission/Position';
const POSITION_CODES = ['list', 'add', 'edit', 'delete', 'state'].map((a) => `system:position:${a}`);

describe.each(matrix)('$kind: tenant scope and permission codes', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let other: Client;
    let adminRow: { id: string };
    let otherRow: { id: string };

    beforeAll(async () => {
      t = await createTestApp(kind, { extraSchemaDirs: [FIXTURE_ROOT] });
      admin = client(t, await t.login());
      other = await userWith(t, POSITION_CODES, { tenantId: 2 });
      adminRow = (await admin.post(BASE, { fullName: '租户一岗位', enCode: 'SHARED' })).body.data;
      otherRow = (await other.post(BASE, { fullName: '租户二岗位', enCode: 'SHARED' })).body.data;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('stamps the caller’s tenant and keeps unique codes per tenant', () => {
      expect(adminRow).toMatchObject({ tenantId: 1 });
      expect(otherRow).toMatchObject({ tenantId: 2, enCode: 'SHARED' });
    });

    it('hides rows of other tenants from lists, gets, lookups and advanced queries', async () => {
      const list = await other.get(BASE, { pageSize: 100 });
      expect(list.body.data.list.map((r: { id: string }) => r.id)).toEqual([otherRow.id]);
      expect(list.body.data.pagination.total).toBe(1);
      const or = JSON.stringify([
        { field: 'tenantId', rule: 'eq', val: 1 },
        { field: 'enCode', rule: 'eq', val: 'SHARED' },
      ]);
      const widened = await other.get(BASE, { superQueryParams: or, superQueryMatchType: 'or' });
      expect(widened.body.data.list.map((r: { id: string }) => r.id)).toEqual([otherRow.id]);
      expect((await other.get(`${BASE}/${adminRow.id}`)).body).toMatchObject({ code: 400, error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect((await other.get('/sys/position/select')).body.result).toEqual([{ code: 'SHARED', name: '租户二岗位' }]);
      const adminList = await admin.get(BASE, { keyword: 'SHARED' });
      expect(adminList.body.data.list.map((r: { id: string }) => r.id)).toEqual([adminRow.id]);
    });

    it('cannot update, toggle or delete another tenant’s row (not found, not stale)', async () => {
      expect((await other.put(`${BASE}/${adminRow.id}`, { fullName: '篡改', version: 1 })).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      expect((await other.put(`${BASE}/${adminRow.id}/Actions/State`)).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      expect((await other.del(`${BASE}/${adminRow.id}`)).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      expect((await admin.get(`${BASE}/${adminRow.id}`)).body.data).toMatchObject({ fullName: '租户一岗位', enabledMark: 1, version: 1 });
    });

    it('deletes nothing when one id of a batch belongs to another tenant', async () => {
      const res = await other.post(`${BASE}/Actions/BatchDelete`, { ids: [otherRow.id, adminRow.id] });
      expect(res.body).toMatchObject({ code: 400, error: 'CL_ERR_RECORD_NOT_FOUND' });
      const { rows } = await sql<{ id: string }>`select id from sys_position where id in (${adminRow.id}, ${otherRow.id})`.execute(t.app.ctx.db.db);
      expect(rows).toHaveLength(2);
    });

    it('refuses a tenant the caller does not belong to', async () => {
      const res = await t.request({ method: 'GET', url: BASE, token: await t.login(), tenant: 2 });
      expect(res.statusCode).toBe(403);
    });

    it('checks the button permission code on the server (api: HTTP 403; jeecg: code 510)', async () => {
      const reader = await userWith(t, ['system:position:list', 'labfixture:sample:list']);
      expect((await reader.get(BASE)).status).toBe(200);
      const denied = await reader.post(BASE, { fullName: '越权', enCode: 'DENIED' });
      expect(denied.status).toBe(403);
      expect(denied.body).toMatchObject({ code: 403, msg: '没有权限，请联系管理员授权' });
      expect((await reader.put(`${BASE}/${adminRow.id}/Actions/State`)).status).toBe(403);
      expect((await reader.post(`${BASE}/Actions/BatchDelete`, { ids: [adminRow.id] })).status).toBe(403);
      const jeecg = await reader.post('/admin/labSample/add', { sampleNo: 'X1', sampleName: '越权' });
      expect(jeecg.status).toBe(200);
      expect(jeecg.body).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
      expect((await reader.get('/admin/labSample/delete', { id: 'x' })).body.code).toBe(510);
      expect((await admin.get(`${BASE}/${adminRow.id}`)).body.code).toBe(200);
    });

    it('guards lookups by their declared access', async () => {
      const nobody = await userWith(t, []);
      expect((await nobody.get('/sys/position/select')).body).toMatchObject({ success: true });
      expect((await nobody.get('/admin/labSample/options')).body).toMatchObject({ code: 510 });
      expect((await nobody.get(BASE)).status).toBe(403);
      expect((await t.request({ method: 'GET', url: '/sys/position/select' })).statusCode).toBe(401);
    });
  });
});
