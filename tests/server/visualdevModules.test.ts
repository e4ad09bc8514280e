import JSZip from 'jszip';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, tokenWith, type Client } from './engineSupport.js';
import { multipart } from './xlsxSupport.js';

const matrix = await databaseMatrix();
const BASE = '/api/visualdev/Base';

async function unzip(buffer: Buffer): Promise<Map<string, string>> {
  const zip = await JSZip.loadAsync(buffer);
  const out = new Map<string, string>();
  for (const [name, entry] of Object.entries(zip.files)) if (!entry.dir) out.set(name, await entry.async('string'));
  return out;
}

async function zipOf(files: Map<string, string>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, text] of files) zip.file(name, text);
  return zip.generateAsync({ type: 'nodebuffer' });
}

describe.each(matrix)('$kind: modules as files', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let source: TestApp;
    let target: TestApp;
    /** an installation only the all-or-nothing import uses */
    let fresh: TestApp;
    let adminToken: string;
    let admin: Client;

    beforeAll(async () => {
      // three installations: on a loaded machine each takes a while
      source = await createTestApp(kind);
      target = await createTestApp(kind);
      fresh = await createTestApp(kind);
      adminToken = await source.login();
      admin = client(source, adminToken);
    }, 180_000);
    afterAll(async () => {
      await source?.close();
      await target?.close();
      await fresh?.close();
    });

    async function exportSample(): Promise<Buffer> {
      const res = await source.request({
        method: 'POST',
        url: `${BASE}/Actions/ExportModule`,
        token: adminToken,
        payload: { modelIds: ['online.sampleReceipt'] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      return res.rawPayload;
    }

    it('exports a model with its sub-record model, menu and dictionaries as a module folder', async () => {
      const files = await unzip(await exportSample());
      expect([...files.keys()].sort()).toEqual(['online/models/sampleReceipt.model.json', 'online/models/sampleReceiptItem.model.json', 'online/module.json']);
      const moduleFile = JSON.parse(files.get('online/module.json')!);
      expect(moduleFile.dicts.map((d: { code: string }) => d.code)).toEqual(['sample_type']);
      expect(moduleFile.menus[0].children.map((m: { model: string }) => m.model).sort()).toEqual(['online.sampleReceipt', 'online.sampleReceiptItem']);
      expect(JSON.parse(files.get('online/models/sampleReceipt.model.json')!)).toMatchObject({
        id: 'online.sampleReceipt',
        tabs: [{ model: 'online.sampleReceiptItem' }],
      });
    });

    it('previews and imports the module into another installation, where the screen works at once', async () => {
      const files = await unzip(await exportSample());
      // the other installation gets a changed receipt: one more field
      const receipt = JSON.parse(files.get('online/models/sampleReceipt.model.json')!);
      receipt.entity.fields.lotNo = { type: 'string', label: '批号', maxLength: 30 };
      files.set('online/models/sampleReceipt.model.json', JSON.stringify(receipt));
      const zip = await zipOf(files);
      const targetToken = await target.login();
      const preview = await target.request({
        method: 'POST',
        url: `${BASE}/Actions/ImportModulePreview`,
        token: targetToken,
        ...multipart('file', 'online.zip', zip),
      });
      expect(preview.json(), preview.body).toMatchObject({ code: 200, data: { problems: [], modules: ['online'] } });
      const models = preview.json().data.models as { id: string; status: string; fields: { added: string[] } }[];
      expect(models.find((m) => m.id === 'online.sampleReceipt')).toMatchObject({ status: 'changed', fields: { added: ['lotNo'] } });
      expect(models.find((m) => m.id === 'online.sampleReceiptItem')).toMatchObject({ status: 'unchanged' });

      const imported = await target.request({
        method: 'POST',
        url: `${BASE}/Actions/ImportModule`,
        token: targetToken,
        ...multipart('file', 'online.zip', zip),
      });
      expect(imported.json(), imported.body).toMatchObject({ code: 200 });
      const tester = client(target, await tokenWith(target, ['online:sampleReceipt:list', 'online:sampleReceipt:add']));
      const created = await tester.post('/api/online/sampleReceipt', { sampleName: '水泥', sampleType: 'cement', lotNo: 'L-1' });
      expect(created.body, JSON.stringify(created.body)).toMatchObject({ code: 200, data: { lotNo: 'L-1' } });
      const design = (await client(target, targetToken).get(BASE, { keyword: 'online.sampleReceipt' })).body.data.list.find(
        (r: { enCode: string }) => r.enCode === 'online.sampleReceipt',
      );
      expect(design).toMatchObject({ state: 1, draftVersion: 2, releasedVersion: 2 });
    });

    it('refuses a module with a broken model as a whole, and a file that is not a zip', async () => {
      const files = await unzip(await exportSample());
      const item = JSON.parse(files.get('online/models/sampleReceiptItem.model.json')!);
      item.entity.fields.bad = { type: 'weight', label: 'x' };
      files.set('online/models/sampleReceiptItem.model.json', JSON.stringify(item));
      files.set('online/models/extra.model.json', JSON.stringify({ ...item, id: 'system.extra' }));
      const token = await target.login();
      const res = await target.request({ method: 'POST', url: `${BASE}/Actions/ImportModule`, token, ...multipart('file', 'm.zip', await zipOf(files)) });
      expect(res.json()).toMatchObject({ error: 'CL_ERR_MODULE_INVALID' });
      expect(res.json().msg).toContain('/entity/fields/bad/type');
      expect(res.json().msg).toContain('online.<name>');
      const notZip = await target.request({
        method: 'POST',
        url: `${BASE}/Actions/ImportModulePreview`,
        token,
        ...multipart('file', 'm.zip', Buffer.from('hello')),
      });
      expect(notZip.json()).toMatchObject({ error: 'CL_ERR_MODULE_FILE' });
      const reader = client(target, await tokenWith(target, ['visualdev:design:list']));
      expect((await reader.post(`${BASE}/Actions/ExportModule`, { modelIds: ['online.sampleReceipt'] })).status).toBe(403);
    });

    it("imports all or nothing: a failure in the second model undoes the first model's confirmed drop, the designs and the dictionaries", async () => {
      const token = await fresh.login();
      const db = fresh.app.ctx.db.db.withoutPlugins();
      const rowsOf = async (table: string) => (await sql`select * from ${sql.table(table)} order by 1`.execute(db)).rows;
      const freshAdmin = client(fresh, token);
      const created = await freshAdmin.post('/api/online/sampleReceiptItem', { receiptId: 'r-1', itemName: '抗压强度', standard: 'GB/T 17671' });
      expect(created.body, JSON.stringify(created.body)).toMatchObject({ code: 200 });
      const files = await unzip(await exportSample());
      const moduleFile = JSON.parse(files.get('online/module.json')!);
      moduleFile.dicts.push({ code: 'atom_kind', name: '原子类别', items: [{ value: 'a', text: 'A' }] });
      files.set('online/module.json', JSON.stringify(moduleFile));
      // the first model released drops a column holding data (confirmed below)
      const item = JSON.parse(files.get('online/models/sampleReceiptItem.model.json')!);
      delete item.entity.fields.standard;
      item.list.columns = item.list.columns.filter((c: string) => c !== 'standard');
      item.form.fields = item.form.fields.filter((c: string) => c !== 'standard');
      files.set('online/models/sampleReceiptItem.model.json', JSON.stringify(item));
      // the second (it names the first in a tab) fails in the database: its unique index meets duplicates
      // in a table left over under its name
      const second = {
        ...item,
        id: 'online.atomB',
        title: '原子测试',
        entity: { table: 'online_atom_b', fields: { ...item.entity.fields, code: { type: 'string', label: '编号', maxLength: 20 } }, uniques: [['code']] },
        api: { dialect: 'api', base: '/api/online/atomB' },
        permissions: { prefix: 'online:atomB:' },
        tabs: [{ model: 'online.sampleReceiptItem', foreignKey: 'receiptId', title: '明细' }],
      };
      files.delete('online/models/sampleReceipt.model.json');
      files.set('online/models/atomB.model.json', JSON.stringify(second));
      await sql`create table online_atom_b (id varchar(36) primary key, code varchar(20))`.execute(db);
      await sql`insert into online_atom_b (id, code) values ('1', 'dup'), ('2', 'dup')`.execute(db);
      const zip = await zipOf(files);

      const preview = await fresh.request({ method: 'POST', url: `${BASE}/Actions/ImportModulePreview`, token, ...multipart('file', 'm.zip', zip) });
      expect(preview.json().data.problems, preview.body).toEqual([]);
      expect(preview.json().data.models.map((m: { id: string }) => m.id)).toEqual(['online.sampleReceiptItem', 'online.atomB']);
      const modelRowsBefore = await rowsOf('sys_model');
      const res = await fresh.request({ method: 'POST', url: `${BASE}/Actions/ImportModule?confirm=true`, token, ...multipart('file', 'm.zip', zip) });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);

      // nothing changed: the dropped column and its data, no backup, no dictionary, no design, no release
      const kept = await sql<{ standard: string }>`select standard from online_sample_receipt_item`.execute(db);
      expect(kept.rows.map((r) => r.standard)).toEqual(['GB/T 17671']);
      expect(await rowsOf('sys_visualdev_backup')).toEqual([]);
      expect((await rowsOf('sys_dict')).filter((r) => (r as { dict_code: string }).dict_code === 'atom_kind')).toEqual([]);
      const designs = (await freshAdmin.get(BASE, { keyword: 'online.atomB' })).body.data.list;
      expect(designs).toEqual([]);
      expect(await rowsOf('sys_model')).toEqual(modelRowsBefore);
      const tables = await db.introspection.getTables();
      expect(
        tables
          .find((t) => t.name === 'online_atom_b')!
          .columns.map((c) => c.name)
          .sort(),
      ).toEqual(['code', 'id']);
      expect(tables.some((t) => t.name.startsWith('bak_'))).toBe(false);
      // and the served models are the ones from before
      expect(fresh.app.ctx.modules.models.get('online.sampleReceiptItem')!.entity.fields.standard).toBeDefined();
      expect(fresh.app.ctx.modules.models.has('online.atomB')).toBe(false);
      expect((await freshAdmin.get('/api/online/sampleReceiptItem')).body.data.list[0]).toMatchObject({ standard: 'GB/T 17671' });
    });

    it('downloads a design as its module folder with a README, and previews the same files', async () => {
      const [design] = (await admin.get(BASE, { keyword: 'online.sampleReceiptItem' })).body.data.list;
      const res = await source.request({ method: 'GET', url: `/api/visualdev/Generater/${design.id}/Actions/DownloadCode`, token: adminToken });
      expect(res.statusCode).toBe(200);
      const files = await unzip(res.rawPayload);
      expect([...files.keys()].sort()).toEqual(['README.md', 'online/models/sampleReceiptItem.model.json', 'online/module.json']);
      expect(files.get('README.md')).toContain('online/models/sampleReceiptItem.model.json');
      const preview = await admin.get(`/api/visualdev/Generater/${design.id}/Actions/CodePreview`);
      expect(preview.body.data.list.map((f: { path: string }) => f.path).sort()).toEqual([...files.keys()].sort());
      const areas = await admin.get('/api/visualdev/Generater/AreasName');
      expect(areas.body.data.list.map((a: { id: string }) => a.id)).toEqual(expect.arrayContaining(['system', 'visualdev', 'online']));
    });
  });
});
