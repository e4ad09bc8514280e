import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, type Client } from './engineSupport.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, readWorkbook, workbookOf } from './xlsxSupport.js';

const matrix = await databaseMatrix();

/**
 * Spec 001 §2: the generic list page of an administration resource has an advanced query, batch delete
 * and Excel export and import. The administration models and where their lists live; areas have no delete
 * at all (删除 is their own operation), so no batch delete.
 */
const ADMIN_LISTS: { model: string; base: string; noDelete?: true }[] = [
  { model: 'system.user', base: '/api/permission/Users' },
  { model: 'system.role', base: '/api/permission/Role' },
  { model: 'system.organize', base: '/api/permission/Organize' },
  { model: 'system.depart', base: '/api/permission/Organize/Department' },
  { model: 'system.position', base: '/api/permission/Position' },
  { model: 'system.area', base: '/api/system/Area', noDelete: true },
  { model: 'system.dict', base: '/api/system/DictionaryType' },
  { model: 'system.dictItem', base: '/api/system/DictionaryData' },
  { model: 'devPlatform.dataInterface', base: '/api/system/DataInterface' },
  { model: 'devPlatform.printDev', base: '/api/system/printDev' },
  { model: 'system.billRule', base: '/api/system/BillRule' },
];

const actionNames = (actions: unknown[]) => actions.map((a) => (typeof a === 'string' ? a : (a as { key: string }).key));

describe.each(matrix)('$kind: administration lists offer advanced query, import and export (spec 001 §2)', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let token: string;
    let admin: Client;

    beforeAll(async () => {
      t = await createTestApp(kind);
      token = await t.login();
      admin = client(t, token);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('every administration model lists superQuery, import and export, and batch delete where it deletes', async () => {
      for (const { model, noDelete } of ADMIN_LISTS) {
        const res = await admin.get(`/system/model/${model}`);
        expect(res.status, model).toBe(200);
        const names = actionNames(res.body.result.model.list.actions);
        expect(names, model).toEqual(expect.arrayContaining(['superQuery', 'import', 'export', ...(noDelete ? [] : ['deleteBatch'])]));
      }
    });

    it('the tree lists delete in a batch: organisations and dictionary types', async () => {
      const tag = `${kind}${Date.now().toString(36)}`;
      const lists = [
        { base: '/api/permission/Organize', values: (n: number) => ({ parentId: '0', fullName: `批量组织${n}`, enCode: `batch.${tag}.${n}` }) },
        { base: '/api/system/DictionaryType', values: (n: number) => ({ parentId: '0', dictName: `批量字典${n}`, dictCode: `batch_${tag}_${n}` }) },
      ];
      for (const { base, values } of lists) {
        const ids: string[] = [];
        for (const n of [1, 2]) {
          const created = await admin.post(base, values(n));
          expect(created.body, base).toMatchObject({ code: 200 });
          ids.push(created.body.data.id as string);
        }
        const res = await admin.post(`${base}/Actions/BatchDelete`, { ids });
        expect(res.body, base).toMatchObject({ code: 200, msg: '批量删除成功！' });
        for (const id of ids) expect((await admin.get(`${base}/${id}`)).body.code, `${base}/${id}`).not.toBe(200);
      }
    });

    it('each exports its list as a workbook', async () => {
      for (const { model, base } of ADMIN_LISTS.filter((l) => l.model !== 'system.user')) {
        const res = await t.request({ method: 'GET', url: `${base}/Actions/Export`, token });
        expect(res.statusCode, `${model}: ${res.body.slice(0, 200)}`).toBe(200);
        expect(res.headers['content-type'], model).toContain('spreadsheetml');
        const book = await readWorkbook(res.rawPayload);
        expect(book.sheetNames.length, model).toBe(1);
      }
    });

    it('roles: a workbook in the template’s columns imports a role, which the list then shows', async () => {
      const template = await t.request({ method: 'GET', url: '/api/permission/Role/TemplateDownload', token });
      expect(template.statusCode).toBe(200);
      const header = (await readWorkbook(template.rawPayload)).sheets.values().next().value![0] as string[];
      expect(header).toEqual(expect.arrayContaining(['角色名称', '角色编码']));
      const code = `imported.${kind}.${Date.now().toString(36)}`;
      const row = header.map((name) => (name === '角色名称' ? '导入的角色' : name === '角色编码' ? code : null));
      const res = await t.request({
        method: 'POST',
        url: '/api/permission/Role/Actions/Import',
        token,
        ...multipart('file', '角色.xlsx', await workbookOf([header, row])),
      });
      expect(res.json(), res.body).toMatchObject({ code: 200 });
      const listed = await admin.get('/api/permission/Role', { keyword: code });
      expect(listed.body.data.list.map((r: { roleCode: string }) => r.roleCode)).toEqual([code]);
    });
  });
});
