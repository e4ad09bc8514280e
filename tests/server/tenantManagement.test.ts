import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { ensureTenant, insertUser, tenantAdminRole } from '../helpers/testRows.js';
import { client, type Client } from './engineSupport.js';

// Tenant management (system.tenant, /sys/tenant/*): the platform's administrators act in the default
// tenant (1) and manage every tenant; an administrator of another tenant, even holding every
// system:tenant code there, reaches only the tenant they act in, and never disables or deletes it.

const matrix = await databaseMatrix();
const B = 76;
const PASSWORD = 'Passw0rd1';

describe.each(matrix)('$kind: tenant management stays in the caller’s tenant', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let inB: Client;
    let platform: Client;
    const tenantRow = async (id: number) => t.app.ctx.db.db.selectFrom('sysTenant').selectAll().where('id', '=', id).executeTakeFirst();

    beforeAll(async () => {
      t = await createTestApp(kind);
      const db = t.app.ctx.db.db;
      await ensureTenant(db, B);
      const adminB = await insertUser(db, { username: `tm${process.pid}b`, password: PASSWORD, tenantIds: [B] });
      await tenantAdminRole(db, B, adminB);
      inB = client(t, await t.login(`tm${process.pid}b`, PASSWORD), { tenant: B });
      platform = client(t, await t.login(), { tenant: 1 });
    });
    // a refusal the old code let through must not leave a tenant disabled for the next case
    beforeEach(async () => {
      await t.app.ctx.db.db.updateTable('sysTenant').set({ status: 1 }).where('id', 'in', [1, B]).execute();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('lists and reads only the tenant acted in for another tenant’s administrator', async () => {
      const list = await inB.get('/sys/tenant/list', { pageSize: 100 });
      expect(list.body.success, JSON.stringify(list.body)).toBe(true);
      expect((list.body.result.records as { id: number }[]).map((r) => r.id)).toEqual([B]);
      const other = await inB.get('/sys/tenant/queryById', { id: 1 });
      expect(other.body.success).toBe(false);
      const own = await inB.get('/sys/tenant/queryById', { id: B });
      expect(own.body).toMatchObject({ success: true, result: { id: B } });
      // the platform's administrator lists both
      const all = await platform.get('/sys/tenant/list', { pageSize: 100 });
      expect((all.body.result.records as { id: number }[]).map((r) => r.id)).toEqual(expect.arrayContaining([1, B]));
    });

    it('refuses edit, state, delete and create beyond the tenant acted in, and leaves the rows as they were', async () => {
      const home = (await tenantRow(1))!;
      const edit = await inB.put('/sys/tenant/edit', { id: 1, name: '被改名', version: home.version });
      expect(edit.body).toMatchObject({ success: false, error: 'CL_ERR_RECORD_NOT_FOUND' });
      const state = await inB.put('/sys/tenant/editState', { id: 1 });
      expect(state.body.success).toBe(false);
      const del = await inB.del('/sys/tenant/delete', { id: 1 });
      expect(del.body.success).toBe(false);
      const batch = await inB.del('/sys/tenant/deleteBatch', { ids: `1,${B}` });
      expect(batch.body.success).toBe(false);
      const add = await inB.post('/sys/tenant/add', { name: '新租户', status: 1 });
      expect(add.body).toMatchObject({ success: false, error: 'CL_ERR_DATA_SCOPE_OUTSIDE' });
      expect(await tenantRow(1)).toMatchObject({ name: home.name, status: 1 });
      const { rows } = await t.app.ctx.db.db
        .selectFrom('sysTenant')
        .select('id')
        .where('name', '=', '新租户')
        .execute()
        .then((r) => ({ rows: r }));
      expect(rows).toEqual([]);
    });

    it('lets a tenant’s administrator rename their own tenant, not disable or delete it', async () => {
      const own = (await tenantRow(B))!;
      const edit = await inB.put('/sys/tenant/edit', { id: B, name: `乙租户${process.pid}`, version: own.version });
      expect(edit.body.success, JSON.stringify(edit.body)).toBe(true);
      expect((await inB.put('/sys/tenant/editState', { id: B })).body).toMatchObject({
        success: false,
        error: 'CL_ERR_TENANT_ACTING',
        message: '不能停用或删除当前所在的租户',
      });
      expect((await inB.del('/sys/tenant/delete', { id: B })).body.success).toBe(false);
      expect(await tenantRow(B)).toMatchObject({ name: `乙租户${process.pid}`, status: 1 });
    });

    it('lets the platform’s administrator manage another tenant, not disable or delete the default tenant', async () => {
      const created = await platform.post('/sys/tenant/add', { name: `丙租户${process.pid}`, status: 1 });
      expect(created.body.success, JSON.stringify(created.body)).toBe(true);
      const id = Number((await t.app.ctx.db.db.selectFrom('sysTenant').select('id').where('name', '=', `丙租户${process.pid}`).executeTakeFirstOrThrow()).id);
      expect((await platform.put('/sys/tenant/editState', { id })).body.success).toBe(true);
      expect((await platform.del('/sys/tenant/delete', { id })).body.success).toBe(true);
      expect((await platform.put('/sys/tenant/editState', { id: 1 })).body.success).toBe(false);
      expect((await platform.del('/sys/tenant/delete', { id: 1 })).body.success).toBe(false);
      expect(await tenantRow(1)).toMatchObject({ status: 1 });
    });
  });
});
