import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createHookRegistry } from '../../server/engine/hookRegistry.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { checkCell } from '../../runtime/validation/cellRules.js';
import { client, labfixtureCopy, removeLabfixtureCopies, type Client } from './engineSupport.js';

// A json field shown as an editable table: the server checks its rows against the table's declared
// rules (required, unique, pattern codes, the column's own regex, and a handler registered on the server
// as a cellValidator hook), in the same order and with the same messages as the table, on create and update.

const matrix = await databaseMatrix();
/** the handler the client registers as its cellValidator hook 'lab.noOhs': the same function on both sides */
const noOhs = (value: unknown) => (String(value).includes('O') ? '含O' : '');

const COLUMNS = [
  { key: 'name', title: '名称', validateRules: [{ required: true }, { unique: true }] },
  { key: 'price', title: '单价', type: 'inputNumber', validateRules: [{ pattern: 'money' }] },
  { key: 'serial', title: '编号', validateRules: [{ pattern: '^[A-Z]+$' }, { handler: 'lab.noOhs' }] },
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
      const hooks = createHookRegistry();
      hooks.registerCellValidator('lab.noOhs', noOhs);
      t = await createTestApp(kind, { extraSchemaDirs: [root], hooks });
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

    it('runs the column’s own regex and its handler hook on the server, with the table’s messages', async () => {
      const regex = await add([{ name: 'A', serial: 'lower-case' }]);
      expect(regex.body.success).toBe(false);
      expect(JSON.stringify(regex.body)).toContain('第1行 编号：编号格式不正确');
      const handled = await add([
        { name: 'A', serial: 'ABC' },
        { name: 'B', serial: 'OK' },
      ]);
      expect(handled.body.success).toBe(false);
      // the message the table's tooltip shows for the same cell (runtime/validation/cellRules.ts)
      const expected = checkCell([{ handler: noOhs }], 'OK', { label: '编号', lang: 'zh-CN', rowIndex: 1, values: [] });
      expect(expected).toBe('含O');
      expect(JSON.stringify(handled.body)).toContain(`第2行 编号：${expected}`);
    });

    it('stores valid rows', async () => {
      const res = await add([{ name: 'A', price: '12.50', serial: 'ABC' }, { name: 'B' }]);
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    });

    it('refuses at load a model whose column names an unregistered handler or a regex that could backtrack without bound', async () => {
      for (const rule of [{ handler: 'lab.missing' }, { pattern: '^(a+)+$' }, { pattern: '([' }]) {
        const root = labfixtureCopy(({ models }) => {
          const sample = models['sample.model.json'] as unknown as { entity: { fields: Record<string, unknown> }; form: { fields: unknown[] } };
          sample.entity.fields.items = { type: 'json', label: '明细' };
          sample.form.fields.push({
            field: 'items',
            'x-component': 'EditableTable',
            'x-component-props': { columns: [{ key: 'a', title: 'A', validateRules: [rule] }] },
          });
        });
        await expect(createTestApp(kind, { extraSchemaDirs: [root] }), JSON.stringify(rule)).rejects.toThrow(/validateRules\[0\]/);
      }
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
