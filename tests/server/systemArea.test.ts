import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaRows, seedAreas } from '../../server/system/seedAreas.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, userWith, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const BASE = '/api/system/Area';

interface Area {
  id: string;
  fullName: string;
  parentId: string;
  type: number;
  hasChildren: boolean;
  isLeaf: boolean;
  version: number;
}

describe.each(matrix)('$kind: areas (/api/system/Area)', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
    });
    afterAll(async () => {
      await t?.close();
    });

    it('is seeded with every province, city and district of china-area-data, once', async () => {
      const rows = areaRows();
      expect(rows.filter((r) => r.type === 1)).toHaveLength(34);
      expect(rows.length).toBeGreaterThan(3000);
      const total = await admin.get(BASE, { pageSize: 1 });
      expect(total.body.data.pagination.total).toBe(rows.length);
      // a second start finds the table filled and leaves it alone
      expect(await seedAreas(t.app.ctx.db.db, t.app.ctx.db.adapter)).toBe(0);
    });

    it('answers a tree level by parent: root 86 (or 0) gives the provinces, each marked as having children', async () => {
      const root = await admin.get(`${BASE}/86`);
      expect(root.body).toMatchObject({ code: 200 });
      const provinces = root.body.data.list as Area[];
      expect(provinces).toHaveLength(34);
      expect(provinces[0]).toMatchObject({
        id: '110000',
        fullName: '北京市',
        parentId: '86',
        type: 1,
        type_dictText: '省份',
        hasChildren: true,
        isLeaf: false,
      });
      expect((await admin.get(`${BASE}/0`)).body.data.list).toEqual(provinces);
      const cities = (await admin.get(`${BASE}/440000`)).body.data.list as Area[];
      expect(cities.find((c) => c.id === '440300')).toMatchObject({ fullName: '深圳市', type: 2, hasChildren: true });
      const districts = (await admin.get(`${BASE}/440300`)).body.data.list as Area[];
      expect(districts.find((d) => d.id === '440305')).toMatchObject({ fullName: '南山区', type: 3, hasChildren: false, isLeaf: true });
      // a keyword searches every level
      const found = (await admin.get(`${BASE}/86`, { keyword: '南山' })).body.data.list as Area[];
      expect(found.map((a) => a.id)).toContain('440305');
    });

    it('serves Info, the parent Selector (without the area itself) and GetAreaByIds', async () => {
      expect((await admin.get(`${BASE}/110101/Info`)).body.data).toMatchObject({ id: '110101', fullName: '东城区', parentId: '110100', type: 3 });
      const selector = (await admin.get(`${BASE}/110000/Selector/0`)).body.data.list as Area[];
      expect(selector).toHaveLength(33);
      expect(selector.map((a) => a.id)).not.toContain('110000');
      const names = await admin.post(`${BASE}/GetAreaByIds`, { idsList: [['110000', '110100', '110101'], '440300', ['nope']] });
      expect(names.body).toMatchObject({ code: 200, data: [['北京市', '市辖区', '东城区'], '深圳市', ['']] });
    });

    it('creates, moves, toggles and removes an area; refuses a bad parent and removing a parent', async () => {
      const street = await admin.post(BASE, { parentId: '110101', fullName: '测试街道', enCode: '110101999', type: 4 });
      expect(street.body, JSON.stringify(street.body)).toMatchObject({ code: 200, data: { parentId: '110101', type: 4, enabledMark: 1 } });
      const id = street.body.data.id as string;
      expect((await admin.get(`${BASE}/110101`)).body.data.list.map((a: Area) => a.id)).toEqual([id]);

      const orphan = await admin.post(BASE, { parentId: 'no-such-area', fullName: '孤儿', enCode: 'X1' });
      expect(orphan.body).toMatchObject({ code: 400, error: 'CL_ERR_TREE_PARENT_INVALID' });
      // a district cannot move under its own street
      const cycle = await admin.put(`${BASE}/110101`, { parentId: id, version: 1 });
      expect(cycle.body).toMatchObject({ code: 400, error: 'CL_ERR_TREE_PARENT_INVALID' });
      const self = await admin.put(`${BASE}/${id}`, { parentId: id, version: 1 });
      expect(self.body.error).toBe('CL_ERR_TREE_PARENT_INVALID');

      const off = await admin.put(`${BASE}/${id}/Actions/State`);
      expect(off.body.data).toMatchObject({ enabledMark: 0, enabledMark_dictText: '禁用' });
      // the parent picker offers enabled areas only
      expect((await admin.get(`${BASE}/0/Selector/110101`)).body.data.list).toEqual([]);

      const parent = await admin.del(`${BASE}/110101`);
      expect(parent.body).toMatchObject({ code: 400, error: 'CL_ERR_TREE_HAS_CHILDREN', msg: '该节点下有下级数据，不能删除' });
      expect((await admin.del(`${BASE}/${id}`)).body.code).toBe(200);
      expect((await admin.get(`${BASE}/${id}/Info`)).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      expect((await admin.get(`${BASE}/110101/Info`)).body.data.fullName).toBe('东城区');
    });

    it('refuses bad input by name and size', async () => {
      expect((await admin.post(`${BASE}/GetAreaByIds`, { idsList: { a: 1 } })).status).toBe(400);
      expect((await admin.post(`${BASE}/GetAreaByIds`, { idsList: [['1', '2', '3', '4', '5', '6']] })).status).toBe(400);
      expect((await admin.post(`${BASE}/GetAreaByIds`, { idsList: [[{ id: 1 }]] })).status).toBe(400);
      expect((await admin.post(`${BASE}/GetAreaByIds`, { ids: [] })).status).toBe(400);
      expect((await admin.post(`${BASE}/GetAreaByIds`, { idsList: Array.from({ length: 101 }, () => '1') })).status).toBe(400);
      expect((await admin.get(`${BASE}/86`, { sort: 'x' })).status).toBe(400);
      expect((await admin.get(`${BASE}/86`, { keyword: 'x'.repeat(101) })).status).toBe(400);
    });

    it('refuses callers without the permission; the regions are shared by every tenant', async () => {
      const nobody = await userWith(t, []);
      for (const res of [
        await nobody.get(`${BASE}/86`),
        await nobody.get(`${BASE}/1/Selector/0`),
        await nobody.post(`${BASE}/GetAreaByIds`, { idsList: [] }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe(403);
      }
      const reader = await userWith(t, ['system:area:list']);
      expect((await reader.del(`${BASE}/110101`)).status).toBe(403);
      expect((await reader.post(BASE, { parentId: '86', fullName: 'x', enCode: 'X2' })).status).toBe(403);
      const otherTenant = await userWith(t, ['system:area:list'], { tenantId: 2 });
      expect((await otherTenant.get(`${BASE}/86`)).body.data.list).toHaveLength(34);
    });
  });
});
