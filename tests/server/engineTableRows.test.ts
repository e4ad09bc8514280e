import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, labfixtureCopy, removeLabfixtureCopies, type Client } from './engineSupport.js';

// A json field shown as an editable table: the server checks its rows against the table's declared
// rules (required, unique, pattern codes), in the same order and with the same messages as the table,
// on create and update; a column's own regex and handler stay client-side.

const matrix = await databaseMatrix();

const COLUMNS = [
  { key: 'name', title: '名称', validateRules: [{ required: true }, { unique: true }] },
  { key: 'price', title: '单价', type: 'inputNumber', validateRules: [{ pattern: 'money' }] },
  { key: 'serial', title: '编号', validateRules: [{ pattern: '^[A-Z]+$' }, { handler: 'lab.anything' }] },
];

describe.each(matrix)('$kind: editable-table rows on the server', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let adminEn: Client;
    let serial = 0;
    beforeAll(async () => {
      const root = labfixtureCopy(({ models }) => {
        const sample = models['sample.model.json'] as unknown as { entity: { fields: Record<string, unknown> }; form: { fields: unknown[] } };
        sample.entity.fields.items = { type: 'json', label: '明细' };
        sample.form.fields.push({ field: 'items', 'x-component': 'EditableTable', 'x-component-props': { columns: COLUMNS } });
      });
      t = await createTestApp(kind, { extraSchemaDirs: [root] });
      const token = await t.login();
      admin = client(t, token);
      adminEn = client(t, token, { lang: 'en' });
    });
    afterAll(async () => {
      await t?.close();
      removeLabfixtureCopies();
    });

    const add = (items: unknown, as = admin) => as.post('/admin/labSample/add', { sampleNo: `ROWS${++serial}`, sampleName: '表格', items });

    it('refuses the first broken cell in row order, naming row and column, and stores nothing', async () => {
      const first = serial + 1;
      const res = await add([
        { name: 'A', price: '1.5' },
        { name: '', price: '1.234' },
      ]);
      expect(res.body.success).toBe(false);
      expect(JSON.stringify(res.body)).toContain('第2行 名称：不能为空');
      const dup = await add([{ name: 'A' }, { name: 'B', price: '9.999' }, { name: 'A' }]);
      expect(JSON.stringify(dup.body)).toContain('第1行 名称：名称不能重复');
      const price = await add([{ name: 'A', price: '9.999' }]);
      expect(JSON.stringify(price.body)).toContain('第1行 单价：');
      expect(JSON.stringify((await add([{ name: '' }], adminEn)).body)).toContain('Row 1 ');
      expect(JSON.stringify((await add([{ name: '' }], adminEn)).body)).toContain('Cannot be empty');
      // none of the refused rows' samples was stored
      for (let n = first; n <= serial; n++) expect((await admin.get('/admin/labSample/list', { sampleNo: `ROWS${n}` })).body.result.total, `ROWS${n}`).toBe(0);
    });

    it('stores valid rows; a custom regex and a handler are the client’s to check', async () => {
      const res = await add([{ name: 'A', price: '12.50', serial: 'lower-case' }, { name: 'B' }]);
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    });

    it('checks the rows of an update too', async () => {
      const created = await add([{ name: 'A' }]);
      expect(created.body.success).toBe(true);
      const list = await admin.get('/admin/labSample/list', { sampleNo: `ROWS${serial}` });
      const record = list.body.result.records[0];
      const res = await admin.put('/admin/labSample/edit', { id: record.id, version: record.version, items: [{ name: 'A' }, { name: 'A' }] });
      expect(res.body.success).toBe(false);
      expect(JSON.stringify(res.body)).toContain('名称不能重复');
    });
  });
});
