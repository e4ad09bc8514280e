import JSZip from 'jszip';
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
    let adminToken: string;
    let admin: Client;

    beforeAll(async () => {
      source = await createTestApp(kind);
      target = await createTestApp(kind);
      adminToken = await source.login();
      admin = client(source, adminToken);
    });
    afterAll(async () => {
      await source?.close();
      await target?.close();
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
