import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, tokenWith, userWith, type Client } from './engineSupport.js';
import { multipart, readWorkbook, workbookOf } from './xlsxSupport.js';

const matrix = await databaseMatrix();
const BASE = '/api/visualdev/Base';
const ONLINE = '/api/visualdev/OnlineDev';
const MODEL = 'online.odFiles';
const AT = `${ONLINE}/${MODEL}`;

/** A designed model that opts in to Excel import and export, served at OnlineDev/online.odFiles. */
const design = {
  version: 4,
  id: MODEL,
  title: '量具文件',
  entity: {
    table: 'online_od_files',
    fields: {
      gaugeName: { type: 'string', label: '量具名称', required: true, maxLength: 50, keyword: true },
      gaugeNo: { type: 'string', label: '编号', maxLength: 30 },
    },
  },
  api: { dialect: 'api', base: '/api/online/odFiles', operations: { import: true, export: true } },
  list: { search: ['keyword', { field: 'gaugeNo', mode: 'eq' }], columns: ['gaugeName', 'gaugeNo'], actions: ['add', 'edit', 'delete'] },
  form: { fields: ['gaugeName', 'gaugeNo'] },
  permissions: { prefix: 'online:odFiles:' },
};

const ALL = ['list', 'add', 'edit', 'delete', 'import', 'export'].map((action) => `online:odFiles:${action}`);

/** The texts of every row of a workbook's first sheet. */
async function firstSheet(file: Buffer): Promise<string[][]> {
  const book = await readWorkbook(file);
  return book.sheets.get(book.sheetNames[0]!)!.map((row) => row.map((cell) => (cell === null ? '' : String(cell))));
}

// Issue 12's OnlineDev runtime (spec 001 §7) beyond List, Config and DataChange (visualdev.test.ts): the
// model's ColumnData and FormData, create/get/delete by id, and the file endpoints (Template,
// Actions/Import, Actions/Export, Actions/ExportData), each behind the model's own permission.
describe.each(matrix)('$kind: OnlineDev endpoints of a released design', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let token: string;
    let tester: Client;
    let bystander: Client;

    let attempt = 0;
    const names = async () =>
      ((await tester.post(`${AT}/List`, { currentPage: 1, pageSize: 100 })).body.data.list as { gaugeName: string }[]).map((r) => r.gaugeName).sort();

    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
      const created = await admin.post(BASE, { fullName: design.title, enCode: MODEL, modelJson: JSON.stringify(design) });
      expect(created.body, JSON.stringify(created.body)).toMatchObject({ code: 200 });
      const released = await admin.post(`${BASE}/${created.body.data.id}/Actions/Release`, {});
      expect(released.body, JSON.stringify(released.body)).toMatchObject({ code: 200 });
      token = await tokenWith(t, ALL);
      tester = client(t, token);
      bystander = await userWith(t, ['online:odFiles:list']);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers ColumnData and FormData from the released model, to a user who may list it', async () => {
      const columns = await tester.get(`${AT}/ColumnData`);
      expect(columns.body, JSON.stringify(columns.body)).toMatchObject({ code: 200, data: { columns: ['gaugeName', 'gaugeNo'] } });
      const form = await tester.get(`${AT}/FormData`);
      expect(form.body).toMatchObject({
        code: 200,
        data: { formData: { fields: ['gaugeName', 'gaugeNo'] }, fields: { gaugeName: { label: '量具名称', required: true } }, tabs: [] },
      });
      const nobody = await userWith(t, []);
      for (const url of [`${AT}/ColumnData`, `${AT}/FormData`]) expect((await nobody.get(url)).body).toMatchObject({ error: 'CL_ERR_NO_PERMISSION' });
    });

    it('creates, reads and deletes one record by id; delete needs its permission', async () => {
      const created = await tester.post(AT, { gaugeName: '删除用', gaugeNo: 'D-1' });
      expect(created.body, JSON.stringify(created.body)).toMatchObject({ code: 200, data: { gaugeName: '删除用' } });
      const id = created.body.data.id as string;
      expect((await tester.get(`${AT}/${id}`)).body).toMatchObject({ code: 200, data: { id, gaugeNo: 'D-1' } });
      expect((await bystander.del(`${AT}/${id}`)).body).toMatchObject({ error: 'CL_ERR_NO_PERMISSION' });
      expect((await tester.del(`${AT}/${id}`)).body).toMatchObject({ code: 200 });
      expect((await tester.get(`${AT}/${id}`)).body).toMatchObject({ error: 'CL_ERR_RECORD_NOT_FOUND' });
    });

    it('serves the import template, imports all rows or none, and exports the query or the chosen rows', async () => {
      const template = await t.request({ method: 'GET', url: `${AT}/Template`, token });
      expect(template.statusCode).toBe(200);
      expect(template.headers['content-type']).toContain('spreadsheetml');
      expect((await firstSheet(template.rawPayload))[0]).toEqual(['量具名称', '编号']);
      // names of this attempt's own: a retried case (CI) finds the rows of the first attempt in the table
      const mark = `文件${++attempt}`;

      const upload = async (rows: unknown[][], as = token) =>
        (
          await t.request({
            method: 'POST',
            url: `${AT}/Actions/Import`,
            token: as,
            ...multipart('file', 'gauges.xlsx', await workbookOf([['量具名称', '编号'], ...rows])),
          })
        ).json();
      const bad = await upload([
        [`${mark}甲`, 'F-1'],
        [null, 'F-2'],
      ]);
      expect(bad, JSON.stringify(bad)).toMatchObject({ code: 201, data: { totalCount: 2, errorCount: 1, successCount: 0 } });
      expect(await names()).not.toContain(`${mark}甲`);
      const good = await upload([
        [`${mark}甲`, 'F-1'],
        [`${mark}乙`, 'F-2'],
      ]);
      expect(good, JSON.stringify(good)).toMatchObject({ code: 200, data: { successCount: 2 } });
      expect(await names()).toEqual(expect.arrayContaining([`${mark}甲`, `${mark}乙`]));

      const exported = await t.request({ method: 'GET', url: `${AT}/Actions/Export`, token, query: { keyword: mark } });
      expect(exported.statusCode).toBe(200);
      const all = await firstSheet(exported.rawPayload);
      expect(all[0]).toEqual(expect.arrayContaining(['量具名称', '编号']));
      expect(
        all
          .slice(1)
          .map((row) => row[0])
          .sort(),
      ).toEqual([`${mark}乙`, `${mark}甲`].sort());

      const rows = (await tester.post(`${AT}/List`, { currentPage: 1, pageSize: 100, keyword: mark })).body.data.list as { id: string; gaugeName: string }[];
      const chosen = rows.find((r) => r.gaugeName === `${mark}乙`)!;
      const exportData = async (body: object) => {
        const res = await t.request({ method: 'POST', url: `${AT}/Actions/ExportData`, token, payload: body });
        expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
        return (await firstSheet(res.rawPayload)).slice(1).map((row) => row[0]);
      };
      expect(await exportData({ selectIds: [chosen.id] })).toEqual([`${mark}乙`]);
      expect(await exportData({ keyword: mark, queryJson: JSON.stringify({ gaugeNo: 'F-1' }) })).toEqual([`${mark}甲`]);

      // each file endpoint needs its own permission: a user who may only list gets none of them
      const lister = await tokenWith(t, ['online:odFiles:list']);
      expect((await t.request({ method: 'GET', url: `${AT}/Template`, token: lister })).statusCode).toBe(403);
      expect((await upload([[`${mark}丙`, 'F-3']], lister)).error).toBe('CL_ERR_NO_PERMISSION');
      expect((await t.request({ method: 'GET', url: `${AT}/Actions/Export`, token: lister })).statusCode).toBe(403);
      expect((await t.request({ method: 'POST', url: `${AT}/Actions/ExportData`, token: lister, payload: {} })).statusCode).toBe(403);
      expect(await names()).not.toContain(`${mark}丙`);
    });
  });
});
